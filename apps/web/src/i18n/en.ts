import { localizeMessage } from '@loa/contract';
import type { MessageId } from './vi';
import { enAreas } from './areas.en';
import { enBroadcast } from './broadcast.en';
import { enReach } from './reach.en';
import { enAccounts } from './accounts.en';
import { enDevices } from './devices.en';
import { enGuide } from './guide.en';
import { enNotifications } from './notifications.en';
import { enSystemLog } from './systemLog.en';
import { enOverview } from './overview.en';
import { enProgrammes } from './programmes.en';
import { enSchedules } from './schedules.en';
import { enAsRun } from './asRun.en';
import { enLive } from './live.en';
import { enIntegrations } from './integrations.en';
import { enProvince } from './province.en';
import { enResilience } from './resilience.en';
import { enEnrolment } from './enrolment.en';
import { enUpdates } from './updates.en';

/** English UI strings; the type forces the same keys as Vietnamese. */
export const en: Record<MessageId, string> = {
  'app.name': 'Loa',
  'app.tagline': 'Community public-address system',
  'common.loading': 'Loading…',
  'common.close': 'Close',
  'common.cancel': 'Cancel',
  'common.confirm': 'Confirm',
  'common.home': 'Home',
  'common.breadcrumb': 'Breadcrumb',

  'nav.integrations': 'Integrations',
  'nav.updates': 'Software updates',
  'nav.enrolment': 'Speaker enrolment',
  'nav.overview': 'Overview',
  'nav.devices': 'Devices',
  'nav.schedules': 'Broadcast schedules',
  'nav.deviceMap': 'Device map',
  'nav.programmes': 'Programmes',
  'nav.accounts': 'Accounts',
  'nav.systemLog': 'System log',
  'nav.asRun': 'As-run record',
  'nav.guide': 'User guide',
  'nav.deviceConfig': 'Device configuration',
  'nav.notificationPage': 'Notifications via {service}',
  'nav.emailVerification': 'Email verification',
  'nav.areas': 'Areas',
  'nav.invitations': 'Invitations',
  'nav.menu': 'Main menu',

  'screen.devices': 'Where speaker devices are managed: connection state, configuration and message history.',
  'screen.schedules': 'Where broadcast schedules are written, approved and managed by area.',
  'screen.deviceMap': 'Where speaker devices are shown on a map with their state.',
  'screen.programmes': 'Where broadcast programmes and their sources are managed.',
  'screen.accounts': 'Where user accounts and their rights are managed.',
  'screen.systemLog': 'Where the system activity log is searched.',
  'screen.guide': 'Where the Loa user guide lives.',
  'screen.deviceConfig': 'Where the technical settings of each speaker device are configured.',
  'screen.notificationPage': 'Where sending notifications through {service} is configured.',
  'screen.emailVerification': "Where the account's email address is verified.",
  'screen.areas': 'Where areas are managed: provinces, districts, communes and villages.',
  'screen.invitations': 'Where invitations to join the system are managed.',

  'login.title': 'Sign in',
  'login.subtitle': 'Sign in to manage the public-address system',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.submit': 'Sign in',
  'login.showChars': 'Show typed characters',
  'login.hideChars': 'Hide typed characters',

  'header.toggleMenu': 'Open or close the menu',
  'header.emergency': 'Emergency broadcast',
  'header.stopBroadcast': 'Stop broadcast',
  'header.language': 'Language (Ngôn ngữ)',
  'header.notifications': 'Notifications',
  'header.notificationsTitle': 'System notifications',
  'header.noNotifications': 'No notifications!',
  'header.viewAll': 'View all',
  'header.account': 'Account',
  'header.greeting': 'Hello, {name}',
  'header.accountInfo': 'Account information',
  'header.signOut': 'Sign out',
  'header.customize': 'Customize appearance',
  'role.admin': 'Administrator',
  'role.user': 'User',

  'theme.title': 'Customize appearance',
  'theme.mode': 'Mode',
  'theme.light': 'Light',
  'theme.dark': 'Dark',
  'theme.font': 'Font',
  'theme.radius': 'Border radius',
  'theme.inputs': 'Input style',
  'theme.outlined': 'Outlined',
  'theme.filled': 'Filled',

  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for does not exist or has moved.',
  'notFound.back': 'Back to the overview',

  'overview.accounts': 'Accounts',
  'overview.loggedIn': 'Signed in now',
  'overview.areas': 'Areas',
  'overview.logsToday': 'Log entries today',
  'overview.devices': 'Devices',
  'overview.devicesOnline': 'Devices online',
  'overview.devicesOffline': 'Devices offline',
  'overview.devicesPlaying': 'Devices playing',
  'overview.level.tinh': 'Province',
  'overview.level.huyen': 'District',
  'overview.level.xa': 'Commune, town',
  'overview.level.thon': 'Village',

  'profile.title': 'Account information',
  'profile.tabInfo': 'Change information',
  'profile.tabPassword': 'Change password',
  'profile.tabLogins': 'Manage logins',
  'profile.fullName': 'Full name',
  'profile.email': 'Email',
  'profile.phone': 'Phone number',
  'profile.verified': 'Verified',
  'profile.notVerified': 'Not verified',
  'profile.username': 'Username',
  'profile.area': 'Area',
  'profile.role': 'Role',
  'profile.rights': 'Rights',
  'profile.save': 'Save',
  'profile.update': 'Update',
  'profile.currentPassword': 'Current password',
  'profile.newPassword': 'New password',
  'profile.repeatPassword': 'Repeat new password',
  'profile.lastActivity': 'Last activity',
  'profile.place': 'Place',
  'profile.placeVietnam': 'Vietnam',
  'profile.placeUnknown': 'Unknown',
  'profile.placeZone': '{city} time zone',
  'profile.ip': 'IP address',
  'profile.statusLogin': 'Signed in',
  'profile.statusLogout': 'Signed out',
  'profile.thisDevice': 'This device',
  'profile.signOutDevice': 'Sign out device',
  'profile.confirmSignOut': 'Sign out the device "{name}"? It will have to sign in again.',
  'profile.noLogins': 'No signed-in devices.',

  ...enDevices,
  ...enAreas,
  ...enBroadcast,
  ...enReach,
  ...enAccounts,
  ...enSystemLog,
  ...enNotifications,
  ...enGuide,
  ...enSchedules,
  ...enProgrammes,
  ...enOverview,
  ...enAsRun,
  ...enLive,
  ...enIntegrations,
  ...enProvince,
  ...enResilience,
  ...enEnrolment,
  ...enUpdates,
};

/** English wording of the contract's Vietnamese messages (the contract's table, loaded with the English strings). */
export const englishMessage = (text: string): string => localizeMessage(text, 'en');
