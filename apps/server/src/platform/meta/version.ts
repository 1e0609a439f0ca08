/** The Graph / Marketing API version Hookline is written against (reference §5: budget a yearly upgrade). */
export const META_GRAPH_VERSION = 'v26.0';
