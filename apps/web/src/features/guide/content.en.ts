import type { GuideSection } from './guideTypes';

/** The user guide in English. The emergency procedure comes first. */
export const GUIDE_EN: GuideSection[] = [
  {
    id: 'phat-khan-cap',
    title: 'Emergency broadcast procedure',
    urgent: true,
    image: 'emergency.webp',
    paragraphs: [
      'Use it to warn people at once: storms, fires, wide power cuts, epidemics. The bulletin plays immediately and pre-empts any scheduled broadcast on the chosen speakers.',
      'Only accounts with the right "Compose, edit, delete and broadcast programmes" can press Emergency broadcast.',
    ],
    steps: [
      'Press the red "Emergency broadcast" button in the top bar (on every screen).',
      'Type a programme description, e.g. "Urgent: storm no. 3".',
      'Choose the areas, then the devices or "All devices" of those areas.',
      'Choose the message type and the priority: "Emergency bulletin" by default; "Priority bulletin" and "Normal bulletin" give way to a higher level on the speakers.',
      'Press "Add source": upload MP3 files, pick a relay channel, type text to convert to speech, or record with the microphone.',
      'Drag to order the sources and check the total duration. Choose a repeat mode if it must play several times.',
      'Press "Broadcast" and wait until the upload reaches 100 % ("preparing to broadcast").',
      'Follow it in the "Live" panel: the card counts down the time left. Press "Stop" to end it on every speaker.',
    ],
    tips: [
      'Speakers start within about 3 seconds. Offline speakers do not receive the bulletin — check them on the Devices screen.',
      'Every broadcast and stop is written to the System log.',
    ],
  },
  {
    id: 'phat-truc-tiep',
    title: 'Live broadcast with the microphone',
    paragraphs: [
      'Speak through the computer\'s microphone to the chosen speakers, e.g. to guide an evacuation. It needs the right "Compose, edit, delete and broadcast programmes" and reaches only areas in your scope.',
      'The voice reaches the speakers about a second later. Lower-priority bulletins pause and resume by themselves when you stop.',
    ],
    steps: [
      'Press "Go live" in the top bar, or "Speak live with the microphone" in the Emergency broadcast dialog.',
      'Type the programme description, choose areas, devices and message type as for an emergency broadcast.',
      'Choose whether a chime plays first, and the speaking mode: click to turn the microphone on/off, or hold the button to talk.',
      'Press "Start live broadcast" and allow the browser to use the microphone. Speak once the chime has ended; the level meter shows the microphone is picking up.',
      'Press "Stop live broadcast" when done. "Minimise" puts the dialog aside to look at the map or the "Live" panel; "On air" in the top bar brings it back.',
    ],
    tips: [
      'Closing the browser tab, losing the network or 10 seconds without audio stop it on every speaker.',
      'You cannot go live over someone else\'s live broadcast on the same speakers: the message says who is live.',
      'Listen back with "Listen" on the bulletin\'s card in the "Live" panel.',
    ],
  },
  {
    id: 'tong-quan',
    title: 'Overview',
    image: 'overview.webp',
    paragraphs: [
      'The first screen after signing in. Cards count accounts, devices online, offline and playing, areas and today’s log entries.',
      'Charts show devices by area and broadcasts today and this week by message type, with the next scheduled starts and recent device faults.',
    ],
  },
  {
    id: 'thiet-bi',
    title: 'Devices',
    image: 'devices.webp',
    paragraphs: [
      'Every speaker in your scope, updated live: connection (coloured dot), volume, signal, firmware, IP address and last contact.',
      'Search by name, filter by area and status, sort by column. The ⋮ button of a row opens its actions: edit, set volume, reboot, connection and play history, reissue the secret, delete.',
    ],
    steps: [
      'Press "Add device" and enter its name, area, serial number and coordinates (if known).',
      'Copy the device id and the secret shown — the secret is shown only once — and load them into the speaker.',
    ],
  },
  {
    id: 'ban-do',
    title: 'Device map',
    image: 'map.webp',
    paragraphs: ['Speakers with coordinates on a map, coloured by status. Nearby speakers are grouped into clusters; zoom in to see each one. Click a speaker for its name, area and status.'],
  },
  {
    id: 'dia-ban',
    title: 'Areas',
    image: 'areas.webp',
    paragraphs: [
      'The tree of areas: province → district → commune → village, with each area’s device count and how many are online.',
      'Add child areas, rename or move an area. Only areas with no children, devices or accounts can be deleted.',
    ],
  },
  {
    id: 'cau-hinh-thiet-bi',
    title: 'Device configuration',
    image: 'device-config.webp',
    paragraphs: ['Set parameters for one speaker or a whole area (applied to every speaker below): default volume, quiet hours and other settings. A speaker’s own configuration wins over its area’s.'],
  },
  {
    id: 'cap-nhat-phan-mem',
    title: 'Software updates',
    paragraphs: [
      'Update the speaker boxes\' software remotely. Upload the package (.deb) with its signature file (.sig); an altered or wrongly signed package is refused and written to the system log.',
      'A rollout goes in stages, usually one speaker, then a commune, then the rest. A speaker is not updated while it plays, shortly before a scheduled broadcast, or in quiet hours (unless you update in quiet hours too). A speaker that cannot reconnect after installing goes back to its previous version by itself.',
    ],
    steps: [
      'Choose the version and the stages, click "Start update" and confirm.',
      'Follow the progress per area; the "Firmware" column of the device list shows the version each speaker runs.',
      'Click "Pause" to hold the speakers not yet sent the update, "Resume" to go on, or "Roll back" to take updated speakers back to their previous version.',
    ],
  },
  {
    id: 'lich-phat',
    title: 'Broadcast schedules',
    image: 'schedules.webp',
    paragraphs: [
      'Schedules run in Vietnam time, repeating on weekdays or on given dates. A new schedule may wait for someone with the "Approve schedules" right, who is notified.',
      'The console warns when two schedules overlap on the same speaker. Each occurrence runs once, even across server restarts.',
    ],
    steps: [
      'Press "Create schedule" and choose the programme or sources, areas and devices.',
      'Choose the start time and repeat days, then save.',
      'Follow its state: awaiting approval, approved, playing, missed.',
    ],
  },
  {
    id: 'chuong-trinh',
    title: 'Programmes',
    image: 'programmes.webp',
    paragraphs: ['A programme is an ordered list of sources (audio files, relays, synthesised speech) reused by many schedules. The media library keeps uploaded MP3 files.'],
  },
  {
    id: 'tai-khoan',
    title: 'Accounts',
    image: 'accounts.webp',
    paragraphs: [
      'Shown only with the "Manage accounts" right. The table shows each role (Administrator with a badge, or User), rights, area and status (locked, must change password).',
      'You can only grant rights you hold yourself, and only within your own area.',
    ],
    steps: [
      'Press "Create account": login name, password (at least 8 characters), full name, e-mail, phone; choose the type, area and rights; press "Save".',
      'The lock icon locks or unlocks; a locked account is signed out everywhere.',
      'The key icon resets the password: the temporary password is shown once and must be changed at the next sign-in.',
      'The "Invitations" tab invites by e-mail; invited people choose their own login. The "Outbox" tab keeps mail when no SMTP server is set.',
    ],
  },
  {
    id: 'nhat-ky',
    title: 'System log',
    image: 'system-log.webp',
    paragraphs: [
      'Shown only with the "View system log" right. Each row tells who did what, to which object, when (HH:mm:ss - DD/MM/YYYY), from which IP address and how it ended (succeeded, failed, denied). The log cannot be edited or deleted.',
      'Filter by user, action, area and dates, then press "Filter". "Load more" shows older entries; "Export CSV" downloads every matching entry (opens in Excel).',
    ],
  },
  {
    id: 'thong-bao',
    title: 'Notifications',
    image: 'notifications.webp',
    paragraphs: [
      'The bell in the top bar shows the unread count and chimes on a new notification: a device offline for long, a programme starting or stopping, a schedule awaiting approval.',
      'Click a notification to mark it read and open the related screen. "View all" opens the Notifications page: all or unread, and mark all as read.',
      'Account managers can forward notifications to Telegram or a webhook: choose the events, enter the settings, switch forwarding on and press "Send test".',
    ],
  },
  {
    id: 'ho-so',
    title: 'Your account',
    image: 'profile.webp',
    paragraphs: [
      'Click your name at the top right and choose "Account info". "Change information" edits your name, e-mail and phone; "Change password"; "Manage logins" lists and signs out your other devices.',
      'If your e-mail is not verified, press "Verify e-mail" in the left panel and open the link in the mail.',
      'When an administrator resets your password, the "Change password" tab opens at once: change it to carry on.',
    ],
  },
  {
    id: 'ket-noi-tinh',
    title: 'Connection to the province information-source system',
    paragraphs: [
      'Once the system administrator has configured the connection, Loa sends the province its areas, devices, bulletins (also when they are edited, stopped or deleted), device status and play logs by itself. A lost connection loses nothing: messages wait in a queue and are sent again until the province takes them.',
      'The province sends with an API key (Integrations screen, API keys): an emergency bulletin plays at once; any other becomes a schedule awaiting approval, and those who approve are notified. The system log names the key that sent it.',
    ],
    steps: [
      'Open "Integrations" in the menu and look at "Province information-source system": the connection state, the last successful send and the latest error.',
      'When connecting for the first time, press "Send everything again" to send every existing area and device to the province.',
      'If a message is "Refused", read why in "Latest error", correct the data (a serial number, for instance) and press "Retry".',
    ],
  },
];
