import { FIRST_DATA_ELEMENT_ID } from '@member/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { resetFirstData, takeFirstData } from './first-data';
import { gql } from './graphql';

const FEATURED = gql<{ content: { featured: { id: number } | null } }>(
  'query HomeFeatured { content { featured { id } } }',
);
const OTHER = gql<{ content: { slot: null } }>('query Other { content { slot { slug } } }');

function pageWith(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (text !== null) {
    const script = doc.createElement('script');
    script.id = FIRST_DATA_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = text;
    doc.head.append(script);
  }
  return doc;
}

afterEach(() => {
  resetFirstData();
});

describe('takeFirstData', () => {
  it("gives the page's answer to the first caller only, so a later visit asks the API", () => {
    const doc = pageWith(JSON.stringify({ HomeFeatured: { content: { featured: { id: 7 } } } }));
    expect(takeFirstData(FEATURED, doc)).toEqual({ content: { featured: { id: 7 } } });
    expect(takeFirstData(FEATURED, doc)).toBeUndefined();
  });

  it('has no answer for a query the page does not hold, a page without answers or unreadable ones', () => {
    expect(takeFirstData(OTHER, pageWith(JSON.stringify({ HomeFeatured: {} })))).toBeUndefined();
    resetFirstData();
    expect(takeFirstData(FEATURED, pageWith(null))).toBeUndefined();
    resetFirstData();
    expect(takeFirstData(FEATURED, pageWith('{not json'))).toBeUndefined();
    resetFirstData();
    expect(takeFirstData(FEATURED, pageWith('[1, 2]'))).toBeUndefined();
  });
});
