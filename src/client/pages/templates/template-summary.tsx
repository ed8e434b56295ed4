import { Text } from '@mantine/core';
import type { Template } from '../../../contract/templates';
import { htmlToText } from './html-to-text';

/** The subject (email templates only) and an excerpt of the body or the prompt. */
export function TemplateSummary({ template }: { template: Template }) {
  const excerpt =
    template.type === 'prompt' ? (template.aiInstructions ?? '') : htmlToText(template.bodyTemplate);
  return (
    <>
      {template.type === 'template' && template.subjectTemplate && (
        <Text size="sm" lineClamp={1}>
          <Text span c="dimmed" size="sm">
            Subject:{' '}
          </Text>
          {template.subjectTemplate}
        </Text>
      )}
      {excerpt && (
        <Text size="sm" c="dimmed" lineClamp={3} style={{ wordBreak: 'break-word' }}>
          {excerpt}
        </Text>
      )}
    </>
  );
}
