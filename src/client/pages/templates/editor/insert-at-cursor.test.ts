import { describe, expect, it } from 'vitest';
import { insertAtCursor } from './insert-at-cursor';

describe('insertAtCursor', () => {
  it('inserts at the caret', () => {
    expect(insertAtCursor('Hi !', '{{ first_name }}', 3, 3)).toEqual({
      value: 'Hi {{ first_name }}!',
      caret: 19,
    });
  });

  it('replaces a selection', () => {
    expect(insertAtCursor('Hi NAME!', 'X', 3, 7)).toEqual({ value: 'Hi X!', caret: 4 });
  });

  it('appends when there is no selection and clamps odd positions', () => {
    expect(insertAtCursor('Hi', '!', null, null)).toEqual({ value: 'Hi!', caret: 3 });
    expect(insertAtCursor('Hi', '!', 10, 2)).toEqual({ value: 'Hi!', caret: 3 });
  });
});
