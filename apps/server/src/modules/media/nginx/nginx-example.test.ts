import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

const example = readFileSync(new URL('nginx.conf.example', import.meta.url), 'utf8');
/** The lines of the example without comments. */
const lines = example.split('\n').map((line) => line.replace(/#.*$/, '').trim());

// Issue 15, item 3: used as written, the example passed the client's own x-country-code (unlocking
// another country's titles) and X-Forwarded-For to the app.
describe('the nginx example', () => {
  it('sets the client address, scheme, host and country from nginx, for every proxied location', () => {
    const headers = lines.filter((line) => line.startsWith('proxy_set_header'));
    expect(headers).toEqual(
      expect.arrayContaining([
        'proxy_set_header Host $host;',
        'proxy_set_header X-Forwarded-For $remote_addr;',
        'proxy_set_header X-Forwarded-Proto $scheme;',
        'proxy_set_header X-Forwarded-Host $host;',
        'proxy_set_header X-Country-Code $client_country;',
      ]),
    );
    // Set once at the server level: a location with a header of its own would inherit none of them.
    expect(lines.filter((line) => /^location\b.*proxy_set_header/.test(line))).toEqual([]);
    const server = example.slice(example.indexOf('server {'));
    const serverLevel = server.slice(0, server.search(/\n\s*location /));
    expect(serverLevel).toContain('proxy_set_header X-Country-Code $client_country;');
  });

  it('never passes on what the client sent under those names', () => {
    const active = lines.join('\n');
    expect(active).not.toContain('$proxy_add_x_forwarded_for');
    expect(active).not.toMatch(/\$http_x_(country_code|forwarded)/i);
    expect(active).toContain('map $remote_addr $client_country { default ""; }');
  });
});
