import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { AiProviderNotice, useAiAvailable } from '../../../components/ai-provider-notice';

interface AiTextDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  label: string;
  placeholder: string;
  /** Inline message when the server gives none. */
  fallbackError: string;
  /** Asks the AI and applies the result; a rejection is shown inline and the dialog stays open. */
  onSubmit: (description: string) => Promise<void>;
}

/** A description → AI dialog (AI Generate Template, AI Generate Prompt, Generate Image). */
export function AiTextDialog({
  opened,
  onClose,
  title,
  label,
  placeholder,
  fallbackError,
  onSubmit,
}: AiTextDialogProps) {
  const [description, setDescription] = useState('');
  const generation = useMutation({ mutationFn: onSubmit });
  // Without a provider the dialog says so at once, rather than after the description is typed.
  const aiAvailable = useAiAvailable();

  const close = () => {
    generation.reset();
    onClose();
  };
  const submit = () => {
    // docs/product.md §2: AI-generation dialogs need a non-empty description.
    const text = description.trim();
    if (!text || !aiAvailable) return;
    generation.mutate(text, {
      onSuccess: () => {
        setDescription('');
        close();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {!aiAvailable && <AiProviderNotice feature={title} />}
          <Textarea
            label={label}
            placeholder={placeholder}
            autosize
            minRows={4}
            maxRows={12}
            data-autofocus
            disabled={!aiAvailable}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          {generation.error && (
            <Alert color="red" variant="light" role="alert">
              {errorDetail(generation.error, fallbackError)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              leftSection={<IconSparkles size={16} />}
              disabled={!aiAvailable || !description.trim()}
              loading={generation.isPending}
            >
              Generate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
