import { Button, Card, EmptyState } from '@mantine/core';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Template } from '../../../contract/templates';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { TemplateCard } from './template-card';
import { TemplateGrid } from './template-grid';
import { activeTemplatesQuery } from './template-queries';
import { useTemplateActions } from './use-template-actions';

interface ActiveTemplatesProps {
  onEdit: (template: Template) => void;
  onCreate: () => void;
}

/** The Active Templates tab: cards, or the empty state inviting the first template. */
export function ActiveTemplates({ onEdit, onCreate }: ActiveTemplatesProps) {
  const { data: templates, error } = useQuery(activeTemplatesQuery);
  const actions = useTemplateActions();
  const [deleting, setDeleting] = useState<Template | null>(null);

  if (templates?.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<IconTemplate size={24} />}
          withIndicatorBackground
          title="No templates yet"
          description="Templates hold the subject, body and AI instructions your campaigns reuse."
        >
          <EmptyState.Actions>
            <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
              Create Your First Template
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  }

  return (
    <>
      <TemplateGrid loading={!templates && !error} error={error}>
        {templates?.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            busy={actions.pendingId === template.id}
            onEdit={() => onEdit(template)}
            onArchive={() => void actions.archive(template)}
            onDelete={() => setDeleting(template)}
          />
        ))}
      </TemplateGrid>
      <DeleteTemplateDialog
        template={deleting}
        onClose={() => setDeleting(null)}
        onArchive={actions.archive}
        onDelete={actions.remove}
      />
    </>
  );
}
