import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonColumn } from './json-column';

const list = z.array(z.string());

describe('jsonColumn', () => {
  it('reads a stored value the schema accepts', () => {
    expect(jsonColumn(list, '["a","b"]', [])).toEqual(['a', 'b']);
  });

  it('reads null, text that is not JSON and a value the schema refuses as the fallback', () => {
    expect(jsonColumn(list, null, ['none'])).toEqual(['none']);
    expect(jsonColumn(list, '["a"', ['broken'])).toEqual(['broken']);
    expect(jsonColumn(list, '[1]', ['refused'])).toEqual(['refused']);
  });
});
