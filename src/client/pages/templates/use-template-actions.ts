import { api } from '../../../contract/api';
import type { Template } from '../../../contract/templates';
import { useLifecycleActions } from '../use-lifecycle-actions';
import { refreshTemplateLists } from './template-queries';

/** Archive, restore and permanent delete of templates. */
export const useTemplateActions = () =>
  useLifecycleActions<Template>({ routes: api.templates, noun: 'Template', refresh: refreshTemplateLists });
