/** The version mock-chat reports (the widget's: they ship from one package). */
export const VERSION = '1.1.24';
