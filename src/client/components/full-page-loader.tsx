import { Center } from '@mantine/core';
import { Busy } from './busy';

export function FullPageLoader() {
  return (
    <Center h="100dvh">
      <Busy label="Loading" />
    </Center>
  );
}
