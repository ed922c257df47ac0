/** What the importer tells the owner when an export cannot be read. */
export const importMessages = {
  notWordPressExport:
    'This is not a WordPress export: WordPress writes it under Tools → Export as an .xml file.',
  brokenExport: (line: number, reason: string) =>
    `The WordPress export is damaged near line ${line} (${reason}). Export it again from WordPress; nothing was imported.`,
};
