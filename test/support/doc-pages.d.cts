export interface DocBlock {
  readonly file: string;
  readonly name: string;
  /** The fence's language (`ts`, `js`, `yaml`, ...). */
  readonly lang: string;
  /** The block's text, without the fences and the indentation of a block inside a list item. */
  readonly code: string;
  /** The line of the opening fence, for failure messages. */
  readonly line: number;
}

/** Every named block of a page (a path from the project's root), by name. */
export function docBlocks(file: string): Map<string, DocBlock>;

/** One named block of a page; throws naming the page when it has none of that name. */
export function docBlock(file: string, name: string): DocBlock;
