import { Button, Group, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { Template } from '../../../contract/templates';
import { ActiveTemplates } from './active-templates';
import { ArchivedTemplates } from './archived-templates';

// The editor brings the rich-text editor and CSV parser; load them when a template is first opened.
const TemplateEditor = lazy(() =>
  import('./editor/template-editor').then((m) => ({ default: m.TemplateEditor })),
);

/** An open editor: a new template (null) or an existing one. */
type Editing = { template: Template | null } | null;

export function TemplatesPage() {
  const [tab, setTab] = useState<string | null>('active');
  const [editing, setEditing] = useState<Editing>(null);
  const create = () => setEditing({ template: null });

  return (
    <>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap-reverse" gap="sm">
          <Tabs.List>
            <Tabs.Tab value="active">Active Templates</Tabs.Tab>
            <Tabs.Tab value="archived">Archived</Tabs.Tab>
          </Tabs.List>
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            Create Template
          </Button>
        </Group>
        <Tabs.Panel value="active">
          <ActiveTemplates onEdit={(template) => setEditing({ template })} onCreate={create} />
        </Tabs.Panel>
        <Tabs.Panel value="archived">
          <ArchivedTemplates />
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <Suspense fallback={null}>
          {/* Keyed so each opening starts from the template as saved. */}
          <TemplateEditor
            key={editing.template?.id ?? 'new'}
            template={editing.template}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </>
  );
}
