/** The indexable pages outside the blog, in sitemap order, with how much search engines should care. */
export const PUBLIC_PAGES = [
  { path: "/", priority: 1, changeFrequency: "weekly" },
  { path: "/parties", priority: 0.9, changeFrequency: "hourly" },
  { path: "/getting-started", priority: 0.8, changeFrequency: "monthly" },
  { path: "/get-extension", priority: 0.8, changeFrequency: "monthly" },
  { path: "/streaming-guide", priority: 0.8, changeFrequency: "monthly" },
  { path: "/faqs", priority: 0.7, changeFrequency: "monthly" },
  { path: "/about", priority: 0.6, changeFrequency: "monthly" },
  { path: "/blogs", priority: 0.7, changeFrequency: "weekly" },
  { path: "/contact", priority: 0.4, changeFrequency: "yearly" },
  { path: "/privacy-policy", priority: 0.3, changeFrequency: "yearly" },
  { path: "/terms-of-service", priority: 0.3, changeFrequency: "yearly" },
] as const;
