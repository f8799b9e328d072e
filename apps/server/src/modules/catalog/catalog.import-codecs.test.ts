import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { PLAYABLE_AUDIO, PLAYABLE_VIDEO, assertBrowserPlayable } from './catalog.import-codecs';
import { ImportRejection } from './catalog.import-metadata';

const video = (codec: string) => ({ handler: 'vide', codec });
const sound = (codec: string) => ({ handler: 'soun', codec });

describe('the browser-playability check of imported videos', () => {
  it('takes H.264, HEVC (hvc1), AV1 and VP9 video with AAC or Opus sound, or none', () => {
    for (const v of PLAYABLE_VIDEO) {
      for (const a of PLAYABLE_AUDIO)
        expect(() => {
          assertBrowserPlayable([video(v), sound(a)]);
        }).not.toThrow();
      expect(() => {
        assertBrowserPlayable([video(v)]);
      }).not.toThrow();
    }
    // Chapter and subtitle tracks are not played as such.
    expect(() => {
      assertBrowserPlayable([video('avc1'), sound('mp4a'), { handler: 'text', codec: 'text' }]);
    }).not.toThrow();
  });

  it('refuses what browsers play as a black frame or silence, naming the codec', () => {
    expect(() => {
      assertBrowserPlayable([video('mp4v'), sound('mp4a')]);
    }).toThrow(/MPEG-4 Part 2 "mp4v"/);
    expect(() => {
      assertBrowserPlayable([video('hev1')]);
    }).toThrow(/re-mux as hvc1/);
    expect(() => {
      assertBrowserPlayable([video('encv')]);
    }).toThrow(/encrypted video/);
    expect(() => {
      assertBrowserPlayable([video('avc1'), sound('ec-3')]);
    }).toThrow(/E-AC-3/);
    expect(() => {
      assertBrowserPlayable([sound('mp4a')]);
    }).toThrow(/no video track/);
    expect(() => {
      assertBrowserPlayable([]);
    }).toThrow(/no video track/);
    expect(() => {
      assertBrowserPlayable(null);
    }).toThrow(/not a playable MP4/);
  });

  it('refuses every other sample entry with a clean, bounded reason (forged four-character codes)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 4 }), (codec) => {
        fc.pre(!PLAYABLE_VIDEO.has(codec));
        try {
          assertBrowserPlayable([video(codec)]);
          return false;
        } catch (error) {
          return (
            error instanceof ImportRejection &&
            error.message.length < 200 &&
            // eslint-disable-next-line no-control-regex -- the point: no control character reaches the operator's terminal
            !/[\u0000-\u001f\u007f]/.test(error.message)
          );
        }
      }),
    );
  });
});
