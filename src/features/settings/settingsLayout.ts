/** Forms read best when their lines do not run across a wide screen. */
export const SETTINGS_MAX_WIDTH = '60rem';
