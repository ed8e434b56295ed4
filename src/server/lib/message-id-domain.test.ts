import { describe, expect, it } from 'vitest';
import { isIpAddress, messageIdDomainFor } from './message-id-domain';

const config = (publicUrl: string, domain?: string) => ({ mail: { domain }, publicUrl: new URL(publicUrl) });

describe('messageIdDomainFor', () => {
  it('uses MAIL_DOMAIN when it is set, whatever PUBLIC_URL is', () => {
    expect(messageIdDomainFor(config('http://127.0.0.1:5000', 'mail.example.com'), 'box')).toEqual({
      domain: 'mail.example.com',
      source: 'MAIL_DOMAIN',
    });
  });

  it("uses PUBLIC_URL's host when it is a name", () => {
    expect(messageIdDomainFor(config('https://tailor.example.com/app'), 'box.lan')).toEqual({
      domain: 'tailor.example.com',
      source: 'PUBLIC_URL',
    });
    expect(messageIdDomainFor(config('http://localhost:5000'), 'box.lan').domain).toBe('localhost');
  });

  it("never uses an IPv4 host: the machine's dotted name, else localhost", () => {
    expect(messageIdDomainFor(config('http://127.0.0.1:5000'), 'mail1.example.net')).toEqual({
      domain: 'mail1.example.net',
      source: 'machine-name',
    });
    expect(messageIdDomainFor(config('http://10.0.0.7'), 'buildbox')).toEqual({
      domain: 'localhost',
      source: 'machine-name',
    });
  });

  it('never uses an IPv6 host either', () => {
    expect(messageIdDomainFor(config('http://[::1]:5000'), 'Box.Example.org.')).toEqual({
      domain: 'box.example.org',
      source: 'machine-name',
    });
    expect(messageIdDomainFor(config('http://[2001:db8::1]/'), 'box').domain).toBe('localhost');
  });
});

describe('isIpAddress', () => {
  it('knows addresses from names', () => {
    expect(isIpAddress('127.0.0.1')).toBe(true);
    expect(isIpAddress('::1')).toBe(true);
    expect(isIpAddress('[::1]')).toBe(true);
    expect(isIpAddress('example.com')).toBe(false);
    expect(isIpAddress('1.2.3.4.example.com')).toBe(false);
  });
});
