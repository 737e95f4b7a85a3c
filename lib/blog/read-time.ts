/** Reading time from the words a reader actually reads (markup stripped), at ~200 words a minute. */
export const WORDS_PER_MINUTE = 200;

/** Counts the prose words of a markdown body: code fences, link targets and markup are not words. */
export function countMarkdownWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/[#>*_`|~-]+/g, " ");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function estimateReadTimeMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countMarkdownWords(markdown) / WORDS_PER_MINUTE));
}
