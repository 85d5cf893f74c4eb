import enCaregiverApp from './en/caregiver-app.json';
import esCaregiverApp from './es/caregiver-app.json';
import enCommon from './en/common.json';
import esCommon from './es/common.json';
import enShell from './en/shell.json';
import esShell from './es/shell.json';
import enRecords from './en/records.json';
import esRecords from './es/records.json';
import enAdmin from './en/admin.json';
import esAdmin from './es/admin.json';
import enSchedule from './en/schedule.json';
import esSchedule from './es/schedule.json';
import enReports from './en/reports.json';
import esReports from './es/reports.json';
import enFiles from './en/files.json';
import esFiles from './es/files.json';
import enFinance from './en/finance.json';
import esFinance from './es/finance.json';
import enDataTable from './en/data-table.json';
import esDataTable from './es/data-table.json';
import enMfa from './en/mfa.json';
import esMfa from './es/mfa.json';
import enSignIn from './en/sign-in.json';
import esSignIn from './es/sign-in.json';
import enAccessLog from './en/access-log.json';
import esAccessLog from './es/access-log.json';
import enAccount from './en/account.json';
import esAccount from './es/account.json';
import enServer from './en/server.json';
import esServer from './es/server.json';
import enClientApp from './en/client-app.json';
import esClientApp from './es/client-app.json';
import enNotifications from './en/notifications.json';
import esNotifications from './es/notifications.json';
import enLive from './en/live.json';
import esLive from './es/live.json';
import enPush from './en/push.json';
import esPush from './es/push.json';
import enOutbox from './en/outbox.json';
import esOutbox from './es/outbox.json';
import enChat from './en/chat.json';
import esChat from './es/chat.json';
import enChatPhone from './en/chat-phone.json';
import esChatPhone from './es/chat-phone.json';

/**
 * The languages Hearth speaks and their message catalogues (docs/decisions/0009-i18next-catalogues.md): plain JSON
 * per language and namespace in this folder, read by the web app now and by the server for its own messages later.
 * Plural keys follow i18next's CLDR suffixes (`_one`, `_other`, and `_many` where a language needs it).
 */

/** Supported languages, BCP 47 primary tags; the first is the fallback. */
export const LANGUAGES = ['en', 'es'] as const;

/** A supported language. */
export type Language = (typeof LANGUAGES)[number];

/** The language used when no preference matches, and for any key a catalogue lacks. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** Namespaces: one catalogue file per area of the product. */
export const NAMESPACES = [
  'caregiverApp',
  'common',
  'shell',
  'records',
  'admin',
  'schedule',
  'reports',
  'files',
  'finance',
  'dataTable',
  'mfa',
  'signIn',
  'accessLog',
  'account',
  'server',
  'clientApp',
  'notifications',
  'push',
  'outbox',
  'live',
  'chat',
  'chatPhone',
] as const;

/** One language's catalogues, by namespace. */
export type Catalogues = Record<(typeof NAMESPACES)[number], Record<string, unknown>>;

/** Every language's catalogues, the shape i18next takes as `resources`. English is the reference for keys and types. */
export const CATALOGUES = {
  en: {
    caregiverApp: enCaregiverApp,
    common: enCommon,
    shell: enShell,
    records: enRecords,
    admin: enAdmin,
    schedule: enSchedule,
    reports: enReports,
    files: enFiles,
    finance: enFinance,
    dataTable: enDataTable,
    mfa: enMfa,
    signIn: enSignIn,
    accessLog: enAccessLog,
    account: enAccount,
    server: enServer,
    clientApp: enClientApp,
    notifications: enNotifications,
    push: enPush,
    outbox: enOutbox,
    live: enLive,
    chat: enChat,
    chatPhone: enChatPhone,
  },
  es: {
    caregiverApp: esCaregiverApp,
    common: esCommon,
    shell: esShell,
    records: esRecords,
    admin: esAdmin,
    schedule: esSchedule,
    reports: esReports,
    files: esFiles,
    finance: esFinance,
    dataTable: esDataTable,
    mfa: esMfa,
    signIn: esSignIn,
    accessLog: esAccessLog,
    account: esAccount,
    server: esServer,
    clientApp: esClientApp,
    notifications: esNotifications,
    push: esPush,
    outbox: esOutbox,
    live: esLive,
    chat: esChat,
    chatPhone: esChatPhone,
  },
} satisfies Record<Language, Catalogues>;

/**
 * The first supported language among `preferences`, in order, else English.
 * @param preferences language tags, most preferred first: the user's setting, then the browser's
 *   (`navigator.languages`); empty or unknown entries are skipped; "es-US" matches "es" (case-insensitive)
 * @returns a supported language
 */
export function pickLanguage(preferences: readonly (string | null | undefined)[]): Language {
  for (const tag of preferences) {
    const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
    const match = LANGUAGES.find((language) => language === primary);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}
