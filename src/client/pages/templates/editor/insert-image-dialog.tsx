import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { INVALID_IMAGE_URL_MESSAGE, isValidImageUrl } from './image-url';

interface InsertImageDialogProps {
  opened: boolean;
  onClose: () => void;
  onInsert: (url: string) => void;
}

/** Insert an image into the body by its address (docs/product.md §2 says which addresses pass). */
export function InsertImageDialog({ opened, onClose, onInsert }: InsertImageDialogProps) {
  const [url, setUrl] = useState('');

  const insert = () => {
    if (!isValidImageUrl(url)) {
      window.alert(INVALID_IMAGE_URL_MESSAGE);
      return;
    }
    onInsert(url.trim());
    setUrl('');
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Insert Image" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          insert();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Image URL"
            description="An http(s) address ending in .jpg, .jpeg, .png, .gif, .webp or .svg"
            placeholder="https://example.com/banner.png"
            data-autofocus
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Insert</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
