import type { ReactNode } from 'react';
import { CardGrid } from '../../components/card-grid';

interface TemplateGridProps {
  loading: boolean;
  error: Error | null;
  children: ReactNode;
}

/** The template cards' grid, with its loading and error states. */
export function TemplateGrid(props: TemplateGridProps) {
  return <CardGrid {...props} errorTitle="Could not load your templates" />;
}
