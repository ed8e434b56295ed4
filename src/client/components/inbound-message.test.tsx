import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InboundEvent } from '../../contract/conversations';
import { InboundMessage } from './inbound-message';

const notice: InboundEvent = {
  id: 1,
  kind: 'left-company',
  bounceKind: null,
  bounceStatus: null,
  bounceDiagnostic: null,
  fromAddress: 'tom.baker@cedarpoint.example',
  fromName: 'Tom Baker',
  subject: 'Automatic reply: Quick question',
  snippet: '',
  link: null,
  colleague: { name: 'Dana <Whitfield>', address: 'dana.whitfield@cedarpoint.example' },
  category: null,
  categorySource: null,
  notNowUntil: null,
  receivedAt: '2026-11-30T10:00:00.000Z',
};

const show = (message: InboundEvent) =>
  render(
    <MantineProvider>
      <InboundMessage message={message} />
    </MantineProvider>,
  );

describe('InboundMessage for a "no longer with the company" notice', () => {
  it('says the recipient left and names the colleague to write to, as text', () => {
    show(notice);
    const card = screen.getByRole('article', { name: 'Left the company from Tom Baker' });
    expect(card.textContent).toContain(
      'No longer there; write to Dana <Whitfield> (dana.whitfield@cedarpoint.example) instead.',
    );
    expect(card.querySelector('whitfield')).toBeNull();
  });

  it('shows an address alone, and says when no one is named', () => {
    show({ ...notice, id: 2, colleague: { name: null, address: 'info@cedarpoint.example' } });
    expect(screen.getByText(/write to/).textContent).toContain('write to info@cedarpoint.example instead.');
    show({ ...notice, id: 3, colleague: { name: null, address: null } });
    expect(screen.getByText(/names no one/)).toBeTruthy();
  });
});

describe("InboundMessage for a person's reply", () => {
  it('says what it means beside its kind, with the month to write again for "not now"', () => {
    show({
      ...notice,
      id: 4,
      kind: 'reply',
      colleague: null,
      snippet: 'Not right now, ask me again in March.',
      category: 'not-now',
      categorySource: 'rules',
      notNowUntil: '2027-03-01',
    });
    const card = screen.getByRole('article', { name: 'Reply from Tom Baker' });
    expect(card.textContent).toContain('Not now · until Mar 2027');
  });

  it('shows no category on a notice, whose kind says it already', () => {
    show({ ...notice, id: 5, category: 'wrong-person', categorySource: 'rules' });
    expect(screen.getByRole('article').textContent).not.toContain('Wrong person');
  });
});
