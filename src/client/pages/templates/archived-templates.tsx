import { Card, EmptyState, Group } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ArchivedCard } from '../../components/archived-card';
import { ActiveCampaignsWarning } from './active-campaigns-warning';
import { TypeBadge } from './template-card';
import { TemplateGrid } from './template-grid';
import { archivedTemplatesQuery } from './template-queries';
import { TemplateSummary } from './template-summary';
import { useTemplateActions } from './use-template-actions';

/** The Archived tab: templates that can be restored or deleted for good. */
export function ArchivedTemplates() {
  const { data: templates, error } = useQuery(archivedTemplatesQuery);
  const actions = useTemplateActions();

  if (templates?.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<IconArchive size={24} />}
          withIndicatorBackground
          title="No archived templates"
          description="Templates you archive appear here, ready to restore."
        />
      </Card>
    );
  }

  return (
    <TemplateGrid loading={!templates && !error} error={error}>
      {templates?.map((template) => (
        <ArchivedCard
          key={template.id}
          name={template.name}
          noun="template"
          archivedAt={template.archivedAt}
          restoring={actions.pendingId === template.id}
          onRestore={() => void actions.restore(template)}
          onDelete={() => actions.remove(template)}
          deleteWarning={<ActiveCampaignsWarning templateId={template.id} />}
        >
          <Group>
            <TypeBadge type={template.type} />
          </Group>
          <TemplateSummary template={template} />
        </ArchivedCard>
      ))}
    </TemplateGrid>
  );
}
