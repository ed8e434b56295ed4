import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { bodyFieldError } from './field-error';

const refused = (details: string) => new ApiError(400, `400: Invalid body: ${details}`);

describe('bodyFieldError', () => {
  it("gives the server's words about the field", () => {
    const error = refused('body.url: Enter an http:// or https:// address');
    expect(bodyFieldError(error, 'url')).toBe('Enter an http:// or https:// address');
    expect(bodyFieldError(error, 'description')).toBeNull();
  });

  it('picks the field out of several problems, a problem inside it included', () => {
    const error = refused(
      'body.url: Leave the user name and password out of the address: the signature proves who sends; body.eventTypes.1: Invalid option',
    );
    expect(bodyFieldError(error, 'url')).toBe(
      'Leave the user name and password out of the address: the signature proves who sends',
    );
    expect(bodyFieldError(error, 'eventTypes')).toBe('Invalid option');
  });

  it('does not take a field whose name merely starts the same', () => {
    expect(bodyFieldError(refused('body.urlList: Too long'), 'url')).toBeNull();
  });

  it('says nothing for other errors', () => {
    expect(bodyFieldError(new ApiError(409, '409: body.url: taken'), 'url')).toBeNull();
    expect(bodyFieldError(new Error('body.url: offline'), 'url')).toBeNull();
    expect(bodyFieldError(null, 'url')).toBeNull();
  });
});
