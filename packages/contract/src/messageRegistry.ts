import { MSG } from './messages';
import { ACCOUNT_MESSAGES } from './schemas/accounts.messages';
import { SYSTEM_LOG_MESSAGES } from './schemas/systemLog.messages';
import { NOTIFICATION_MESSAGES } from './schemas/notifications.messages';
import { AREA_MESSAGES } from './schemas/areas.messages';
import { DEVICE_MESSAGES } from './schemas/devices.messages';
import { BROADCAST_MESSAGES } from './schemas/broadcast.messages';
import { SCHEDULE_MESSAGES } from './schemas/schedules.messages';
import { HOLIDAY_MESSAGES } from './schemas/holidays.messages';
import { OUTBOUND_MESSAGES } from './schemas/outbound.messages';
import { AS_RUN_MESSAGES } from './schemas/asRun.messages';
import { ENROLMENT_MESSAGES } from './schemas/enrolment.messages';
import { UPDATE_MESSAGES } from './schemas/updates';

const productMessages = new Set<string>([MSG, AREA_MESSAGES, DEVICE_MESSAGES, BROADCAST_MESSAGES, SCHEDULE_MESSAGES, HOLIDAY_MESSAGES, ACCOUNT_MESSAGES, SYSTEM_LOG_MESSAGES, NOTIFICATION_MESSAGES, OUTBOUND_MESSAGES, AS_RUN_MESSAGES, ENROLMENT_MESSAGES, UPDATE_MESSAGES].flatMap((group) => Object.values(group)));

/** Whether a text is one of the product's own messages (shown as is, not wrapped with a field name). */
export const isProductMessage = (text: string): boolean => productMessages.has(text);
