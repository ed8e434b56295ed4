import type { Template } from '../../../contract/templates';
import { DeleteChoiceDialog } from '../../components/delete-choice-dialog';
import { ActiveCampaignsWarning } from './active-campaigns-warning';

interface DeleteTemplateDialogProps {
  template: Template | null;
  onClose: () => void;
  onArchive: (template: Template) => Promise<boolean>;
  onDelete: (template: Template) => Promise<boolean>;
}

/** Archive, Delete Permanently or Cancel, warning when draft campaigns still use the template. */
export function DeleteTemplateDialog({ template, onClose, onArchive, onDelete }: DeleteTemplateDialogProps) {
  return (
    <DeleteChoiceDialog
      opened={template !== null}
      noun="Template"
      name={template?.name ?? ''}
      onClose={onClose}
      onArchive={() => (template ? onArchive(template) : Promise.resolve(false))}
      onDelete={() => (template ? onDelete(template) : Promise.resolve(false))}
    >
      {template && <ActiveCampaignsWarning templateId={template.id} />}
    </DeleteChoiceDialog>
  );
}
