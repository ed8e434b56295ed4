import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlaceholderWarning } from './placeholder-warning';

const renderWarning = (node: React.ReactNode) => render(<MantineProvider env="test">{node}</MantineProvider>);

describe('PlaceholderWarning', () => {
  it('names the field and the placeholders left in the signature', () => {
    renderWarning(
      <PlaceholderWarning
        message="<p>Best Regards, [Your Name]</p>"
        field="The signature"
        consequence="It goes on every email, so none can be approved or sent until then."
      />,
    );
    expect(screen.getByRole('alert', { name: 'A placeholder is left to replace' }).textContent).toContain(
      'The signature still contains "[Your Name]": replace it with your own text. It goes on every email, so none can be approved or sent until then.',
    );
  });

  it('says nothing once the text is the sender’s own', () => {
    renderWarning(<PlaceholderWarning message="<p>Best regards, Pat</p>" field="The signature" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
