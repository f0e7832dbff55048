import { MSG } from './messages';
import { ACCOUNT_MESSAGES } from './schemas/accounts';
import { SYSTEM_LOG_MESSAGES } from './schemas/systemLog';
import { NOTIFICATION_MESSAGES } from './schemas/notifications';
import { AREA_MESSAGES } from './schemas/areas';
import { DEVICE_MESSAGES } from './schemas/devices';
import { BROADCAST_MESSAGES } from './schemas/broadcast';
import { SCHEDULE_MESSAGES } from './schemas/schedules';
import { HOLIDAY_MESSAGES } from './schemas/holidays';
import { OUTBOUND_MESSAGES } from './schemas/outbound';
import { AS_RUN_MESSAGES } from './schemas/asRun';

const productMessages = new Set<string>([MSG, AREA_MESSAGES, DEVICE_MESSAGES, BROADCAST_MESSAGES, SCHEDULE_MESSAGES, HOLIDAY_MESSAGES, ACCOUNT_MESSAGES, SYSTEM_LOG_MESSAGES, NOTIFICATION_MESSAGES, OUTBOUND_MESSAGES, AS_RUN_MESSAGES].flatMap((group) => Object.values(group)));

/** Whether a text is one of the product's own messages (shown as is, not wrapped with a field name). */
export const isProductMessage = (text: string): boolean => productMessages.has(text);
