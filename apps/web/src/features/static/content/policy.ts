/** Shape of the policy pages' text (Terms, Privacy, AML & KYC, Cookie Policy). */

/** A paragraph, or a bulleted list. */
export type PolicyBlock = string | { list: readonly string[] };

export interface PolicySection {
  /** Anchor for the table of contents; unique within its document. */
  id: string;
  title: string;
  body: readonly PolicyBlock[];
}

export interface PolicyDocument {
  title: string;
  /** One or two sentences under the title. */
  summary: string;
  sections: readonly PolicySection[];
}

/** PRODUCT.md §9: every policy page is dated 27 April 2024. */
export const POLICY_LAST_UPDATED = '27 April 2024';
