import { Divider, Paper, Text, Typography } from '@mantine/core';
import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import type { Email } from '../../../../contract/campaigns';
import { FOLLOW_UP_SUBJECT_NOTE, isFollowUp } from './email-step';
import classes from './finding-marks.module.css';
import { type Highlight, highlightsOf, markFindings, segmentsOf, unmarkFindings } from './highlight-findings';

/** The email as the recipient will read it, with the text the open findings point at marked. */
export function EmailPreview({ email }: { email: Email }) {
  const { findings, findingsDismissed } = email;
  const subjectMarks = useMemo(
    () => highlightsOf(findings, findingsDismissed, 'subject'),
    [findings, findingsDismissed],
  );
  const bodyMarks = useMemo(
    () => highlightsOf(findings, findingsDismissed, 'body'),
    [findings, findingsDismissed],
  );

  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label="Email preview" className={classes.preview}>
      <Text size="xs" c="dimmed">
        Subject
      </Text>
      <Text fw={600} style={{ wordBreak: 'break-word' }}>
        {email.subject ? <MarkedText text={email.subject} highlights={subjectMarks} /> : '(no subject)'}
        {email.isEdited && (
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            (edited)
          </Text>
        )}
      </Text>
      {isFollowUp(email) && (
        <Text size="xs" c="dimmed">
          {FOLLOW_UP_SUBJECT_NOTE}
        </Text>
      )}
      <Divider my="sm" />
      <Typography style={{ wordBreak: 'break-word', overflowX: 'auto' }}>
        <MarkedHtml html={email.body} highlights={bodyMarks} />
      </Typography>
    </Paper>
  );
}

function MarkedText({ text, highlights }: { text: string; highlights: Highlight[] }) {
  // Each segment starts where the one before ended: its offset is its key.
  let offset = 0;
  return segmentsOf(text, highlights).map(({ text: part, highlight }) => {
    const key = offset;
    offset += part.length;
    return highlight ? (
      <mark
        key={key}
        data-finding-kind={highlight.kind}
        data-finding-severity={highlight.severity}
        title={highlight.reason}
      >
        {part}
      </mark>
    ) : (
      <Fragment key={key}>{part}</Fragment>
    );
  });
}

/**
 * The body's HTML, marked once React has put it in: the marks wrap the rendered text nodes, so no
 * markup is ever built from a finding's text. React leaves the nodes alone while `html` is unchanged;
 * a new body replaces them, marks and all.
 */
function MarkedHtml({ html, highlights }: { html: string; highlights: Highlight[] }) {
  const root = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new body must be marked again, though only the DOM reads it.
  useLayoutEffect(() => {
    const element = root.current;
    if (!element || highlights.length === 0) return;
    markFindings(element, highlights);
    return () => unmarkFindings(element);
  }, [html, highlights]);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises every stored body (sanitize-html allow-list) whether the AI, a template or the editor wrote it, so this HTML carries no script.
    <div ref={root} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
