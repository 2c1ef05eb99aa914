/** How an admin collection names itself; every text of its page is made from these. */
export interface CollectionNames {
  /** One record, in lower case: 'rule', 'group'. */
  readonly one: string;
  /** The same, capitalised, starting a sentence: 'Rule'. */
  readonly One: string;
  /** The records, naming the table, its search box and its load error: 'Directory groups'. */
  readonly caption: string;
  /** One record in a delete's question: 'directory group' in 'Delete the directory group “Staff”?'. */
  readonly inQuestion: string;
  /** The add form's heading: 'New directory group'. */
  readonly newHeading: string;
  /** The export file's name, without extension: 'directory-groups'. */
  readonly exportName: string;
}

/** The texts of an admin collection's page, editor and delete dialog. */
export function collectionText(names: CollectionNames) {
  const { one, One, caption, inQuestion } = names;
  return {
    add: `Add a ${one}`,
    loadFailed: `${caption} could not be loaded`,
    editHeading: (name: string) => `Edit ${one} “${name}”`,
    headingId: `${one}-editor-title`,
    save: `Save ${one}`,
    saveFailed: `The ${one} was not saved`,
    saved: `${One} saved`,
    added: `${One} added`,
    deleteQuestion: (name: string) => `Delete the ${inQuestion} “${name}”?`,
    deleteLabel: `Delete ${one}`,
    deleted: (name: string) => `${One} “${name}” deleted`,
  };
}
