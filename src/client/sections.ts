import {
  type Icon,
  IconChartBar,
  IconInbox,
  IconLayoutDashboard,
  IconMail,
  IconSettings,
  IconTemplate,
} from '@tabler/icons-react';

export interface Section {
  path: string;
  label: string;
  /** Header title and subtitle of each section. */
  title: string;
  subtitle: string;
  icon: Icon;
}

/** The signed-in sections, in sidebar order. */
export const SECTIONS: readonly Section[] = [
  {
    path: '/',
    label: 'Dashboard',
    title: 'Dashboard',
    subtitle: "Welcome back! Here's your email campaign overview.",
    icon: IconLayoutDashboard,
  },
  {
    path: '/templates',
    label: 'Templates',
    title: 'Templates',
    subtitle: 'Create and manage your email templates.',
    icon: IconTemplate,
  },
  {
    path: '/campaigns',
    label: 'Campaigns',
    title: 'Campaigns',
    subtitle: 'View and manage your email campaigns.',
    icon: IconMail,
  },
  {
    path: '/inbox',
    label: 'Inbox',
    title: 'Inbox',
    subtitle: 'Every answer to your campaigns, in one place.',
    icon: IconInbox,
  },
  {
    path: '/analytics',
    label: 'Analytics',
    title: 'Analytics',
    subtitle: 'Analyze your campaign performance.',
    icon: IconChartBar,
  },
  {
    path: '/settings',
    label: 'Settings',
    title: 'Settings',
    subtitle: 'Configure your account.',
    icon: IconSettings,
  },
];

/** Matches exactly the paths of SECTIONS (with an optional trailing slash). */
export const SECTION_PATH_PATTERN = /^\/(templates|campaigns|inbox|analytics|settings)?\/?$/;

export function sectionFor(path: string): Section {
  const normalised = path.length > 1 ? path.replace(/\/$/, '') : path;
  return SECTIONS.find((section) => section.path === normalised) ?? SECTIONS[0]!;
}
