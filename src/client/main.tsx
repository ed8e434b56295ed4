import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/tiptap/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './App';
import { queryClient } from './api';
import { readableColors } from './readable-colors';
import { theme } from './theme';
import { workspaceBase } from './workspace';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={readableColors} defaultColorScheme="light">
      {/* docs/product.md §11: one toast at a time, shown for 5 s. */}
      <Notifications limit={1} autoClose={5000} position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        {/* Every in-app address stays under this tab's workspace prefix (workspace.ts). */}
        <Router base={workspaceBase}>
          <App />
        </Router>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
