-- The industries list of GET /industries (sorted by id); ids are stable once shipped.
INSERT INTO "industries" ("id", "name") VALUES
  (1, 'Apparel & Fashion'),
  (2, 'Beauty & Personal Care'),
  (3, 'Consumer Electronics'),
  (4, 'Education'),
  (5, 'Entertainment & Media'),
  (6, 'Financial Services'),
  (7, 'Food & Beverage'),
  (8, 'Gaming'),
  (9, 'Health & Wellness'),
  (10, 'Home & Garden'),
  (11, 'Jewelry & Accessories'),
  (12, 'Marketing Agency'),
  (13, 'Pets'),
  (14, 'Retail & E-commerce'),
  (15, 'Software & SaaS'),
  (16, 'Sports & Fitness'),
  (17, 'Travel & Hospitality'),
  (18, 'Other')
ON CONFLICT ("id") DO NOTHING;
