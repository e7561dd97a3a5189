export interface ContentSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

/** A text page (marketing or legal) rendered by ContentPage. */
export interface ContentPageData {
  path: string;
  title: string;
  lead: string;
  sections: ContentSection[];
  cta?: { label: string; href: string };
  /** Legal pages show when they last changed. */
  updated?: string;
}
