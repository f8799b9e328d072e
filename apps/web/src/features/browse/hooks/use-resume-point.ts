import { type MediaType, type ResumePoint, keepsProgress, resumePoint } from '@member/domain';
import { useEffect, useState } from 'react';
import { getProgress } from '../../../lib/media/library-api';
import { logger } from '../../../lib/logger';
import { useSession } from '../../../lib/session';

const START: ResumePoint = { kind: 'start' };

/**
 * Where the member left a title (issue 14 item 10), read from the server's saved progress: the title's
 * page words its Play button from it. Until the answer is in, or when it fails, the title starts over
 * (a plain Play button is never wrong; the player itself resumes from the same saved progress).
 */
export function useResumePoint(
  media: { mediaType: MediaType; id: number },
  chapterStarts: readonly number[],
): ResumePoint {
  const { member } = useSession();
  const memberId = member?.id ?? null;
  const [point, setPoint] = useState<{ key: string; point: ResumePoint } | null>(null);
  const key = `${media.mediaType}-${String(media.id)}`;
  const starts = chapterStarts.join(',');

  useEffect(() => {
    if (memberId === null || !keepsProgress(media.mediaType)) return undefined;
    const controller = new AbortController();
    getProgress(media.mediaType, media.id, { signal: controller.signal })
      .then((saved) => {
        setPoint({
          key,
          point: resumePoint({
            mediaType: media.mediaType,
            saved,
            chapterStarts: starts ? starts.split(',').map(Number) : [],
          }),
        });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) logger.warn('The saved progress could not be read', error);
      });
    return () => {
      controller.abort();
    };
  }, [memberId, media.mediaType, media.id, key, starts]);

  return point?.key === key ? point.point : START;
}
