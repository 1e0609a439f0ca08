import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ExportParseError, type ParsedExport, parseAdsExport } from './export-parser.js';

const csv = (lines: string[], fileName = 'export.csv') =>
  parseAdsExport({ bytes: Buffer.from(lines.join('\n')), fileName, contentType: 'text/csv' });

async function rejection(promise: Promise<unknown>): Promise<ExportParseError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ExportParseError);
  return error as ExportParseError;
}

const insightOf = (parsed: ParsedExport, adName: string, date: string) => {
  const ad = parsed.data.ads.find((candidate) => candidate.name === adName);
  return parsed.data.insights.find(
    (insight) => insight.adExternalId === ad?.externalId && insight.date === date,
  );
};

describe('parseAdsExport: CSV', () => {
  it('reads a current export with USD headers, ids and every metric column', async () => {
    const parsed = await csv([
      '\uFEFFAccount name,Campaign name,Campaign ID,Ad set name,Ad set ID,Ad name,Ad ID,Day,Ad delivery,Amount spent (USD),Impressions,Reach,Clicks (all),Link clicks,Outbound clicks,Purchases,Purchases conversion value,3-second video plays,Video plays,ThruPlays,Video plays at 25%,Video plays at 50%,Video plays at 75%,Video plays at 95%,Video plays at 100%,Video average play time,Adds to cart,Checkouts initiated,Landing page views,CTR (all),CPC (all) (USD),CPM (cost per 1,000 impressions) (USD),Cost per purchase (USD)',
      'Acme Store,Spring,111,Broad,222,Hook A,333,2026-03-01,active,50.25,10000,8000,300,200,180,4,320.5,2500,3000,900,1500,1000,700,500,400,6.5,12,6,150,3.00%,0.17,5.03,12.56',
      'Acme Store,Spring,111,Broad,222,Static B,444,2026-03-01,not_delivering,10,2000,1900,20,15,14,0,0,0,0,0,0,0,0,0,0,0,1,0,10,1.00%,0.50,5.00,0',
    ]);

    expect(parsed.currency).toBe('USD');
    expect(parsed.rowsRead).toBe(2);
    expect(parsed.imported).toBe(2);
    expect(parsed.skipped).toEqual([]);
    expect(parsed.data.account).toEqual({
      externalId: expect.stringMatching(/^import:[0-9a-f]{16}$/),
      name: 'Acme Store',
      currency: 'USD',
      timezone: 'UTC',
      accountStatus: null,
      disableReason: null,
      source: 'IMPORT',
      purchaseActionType: 'purchase',
    });
    expect(parsed.data.campaigns).toEqual([
      { externalId: '111', name: 'Spring', status: null, effectiveStatus: null, objective: null },
    ]);
    expect(parsed.data.adSets).toEqual([
      { externalId: '222', campaignExternalId: '111', name: 'Broad', status: null, effectiveStatus: null },
    ]);
    expect(parsed.data.ads).toEqual([
      {
        externalId: '333',
        adSetExternalId: '222',
        campaignExternalId: '111',
        name: 'Hook A',
        status: null,
        effectiveStatus: 'ACTIVE',
        previewUrl: null,
        permalink: null,
        fileType: 'VIDEO',
        createdAt: null,
        updatedAt: null,
        creative: null,
      },
      expect.objectContaining({
        externalId: '444',
        name: 'Static B',
        effectiveStatus: 'PAUSED',
        fileType: 'STATIC',
      }),
    ]);
    expect(parsed.data.insights[0]).toEqual({
      adExternalId: '333',
      date: '2026-03-01',
      spend: 50.25,
      impressions: 10000,
      reach: 8000,
      clicks: 300,
      linkClicks: 200,
      outboundClicks: 180,
      conversions: 4,
      conversionValue: 320.5,
      otherActions: { add_to_cart: 12, initiate_checkout: 6, landing_page_view: 150 },
      plays: 3000,
      threeSecondViews: 2500,
      p25: 1500,
      p50: 1000,
      p75: 700,
      p95: 500,
      p100: 400,
      thruplays: 900,
      avgWatchTimeSeconds: 6.5,
      retention: null,
    });
    expect(parsed.data.insights[1]).toMatchObject({
      adExternalId: '444',
      spend: 10,
      impressions: 2000,
      plays: 0,
    });
  });

  it('reads Title-Case headers of older exports, the currency from the EUR suffix and M/D/YYYY dates', async () => {
    const parsed = await csv([
      'Campaign Name,Ad Set Name,Ad Name,Reporting Starts,Reporting Ends,Amount Spent (EUR),Impressions,Link Clicks,Website Purchases,Website Purchases Conversion Value,Website Purchase ROAS (Return on Ad Spend)',
      'Winter,Lookalike,Hook C,3/7/2026,3/7/2026,20.00,4000,40,2,90.00,4.5',
    ]);

    expect(parsed.currency).toBe('EUR');
    expect(parsed.data.account).toMatchObject({ name: 'Imported ads', currency: 'EUR' });
    expect(parsed.data.campaigns.map((campaign) => campaign.name)).toEqual(['Winter']);
    expect(parsed.data.adSets.map((adSet) => adSet.name)).toEqual(['Lookalike']);
    expect(insightOf(parsed, 'Hook C', '2026-03-07')).toMatchObject({
      spend: 20,
      impressions: 4000,
      linkClicks: 40,
      conversions: 2,
      conversionValue: 90,
    });
  });

  it('reads quoted thousands, % suffixes, blanks and dashes', async () => {
    const parsed = await csv([
      'Ad name,Day,Amount spent (USD),Impressions,Reach,Link clicks,Purchases,Video average play time,CTR (link click-through rate)',
      'Hook A,2026-03-01,"1,234.56","1,234,567","987,654",-,,12.5%,1.23%',
    ]);

    expect(parsed.skipped).toEqual([]);
    expect(insightOf(parsed, 'Hook A', '2026-03-01')).toMatchObject({
      spend: 1234.56,
      impressions: 1234567,
      reach: 987654,
      linkClicks: 0,
      conversions: 0,
      avgWatchTimeSeconds: 12.5,
    });
  });

  it('sniffs a semicolon delimiter (with decimal commas) and a tab delimiter', async () => {
    const semicolon = await csv([
      'Campaign name;Ad set name;Ad name;Day;Amount spent (EUR);Impressions;Clicks (all)',
      'Été;Broad;Hook "quoted";2026-03-02;"1.234,50";12000;"1,5"',
    ]);
    expect(semicolon.currency).toBe('EUR');
    expect(semicolon.data.ads.map((ad) => ad.name)).toEqual(['Hook "quoted"']);
    expect(semicolon.data.campaigns.map((campaign) => campaign.name)).toEqual(['Été']);
    expect(insightOf(semicolon, 'Hook "quoted"', '2026-03-02')).toMatchObject({
      spend: 1234.5,
      impressions: 12000,
      clicks: 2,
    });

    const tab = await csv(['Ad name\tDay\tAmount spent (GBP)\tImpressions', 'Hook T\t2026-03-02\t7.5\t900']);
    expect(tab.currency).toBe('GBP');
    expect(insightOf(tab, 'Hook T', '2026-03-02')).toMatchObject({ spend: 7.5, impressions: 900 });
  });

  it('rejects a weekly export (Reporting starts differs from Reporting ends)', async () => {
    const error = await rejection(
      csv(['Ad name,Reporting starts,Reporting ends,Amount spent (USD)', 'Hook A,2026-03-01,2026-03-07,70']),
    );
    expect(error.message).toBe(
      'This export is not daily. In Ads Manager choose Breakdown > By time > Day and export again.',
    );
    expect(error.field).toBe('file');

    const noDates = await rejection(csv(['Ad name,Amount spent (USD)', 'Hook A,70']));
    expect(noDates.message).toBe(
      'This export is not daily. In Ads Manager choose Breakdown > By time > Day and export again.',
    );
  });

  it('rejects an export without an Ad name column, naming the column', async () => {
    const error = await rejection(csv(['Campaign name,Day,Amount spent (USD)', 'Spring,2026-03-01,12']));
    expect(error.message).toBe('This export has no "Ad name" column');
    expect(error.field).toBe('file');
  });

  it('rejects files that are not exports: a PNG, random bytes, text without known headers, an empty file', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.from('IHDR'),
      Buffer.alloc(64, 7),
    ]);
    let seed = 42;
    const random = Buffer.alloc(4096);
    for (let index = 0; index < random.length; index += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      random[index] = seed >> 16;
    }
    const files = [
      { bytes: png, fileName: 'export.csv', contentType: 'text/csv' },
      { bytes: random, fileName: 'export.xlsx' },
      { bytes: Buffer.from('Dear team,\nhere are the numbers.\n'), fileName: 'notes.csv' },
      { bytes: Buffer.alloc(0), fileName: 'empty.csv' },
      { bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), random]), fileName: 'broken.xlsx' },
    ];
    for (const file of files) {
      const error = await rejection(parseAdsExport(file));
      expect(error.message, file.fileName).toBe('This file is not an Ads Manager export');
      expect(error.field).toBe('file');
    }
  });

  it('makes stable ids from names when the export has no ids: the same on a second parse, different for other names', async () => {
    const lines = [
      'Account name,Campaign name,Ad set name,Ad name,Day,Amount spent (USD)',
      'Acme Store,Spring,Broad,Hook A,2026-03-01,10',
      'Acme Store,Spring,Broad,Hook B,2026-03-01,20',
      'Acme Store,Spring,Narrow,Hook A,2026-03-01,30',
    ];
    const first = await csv(lines);
    const second = await csv(lines);

    expect(second.data).toEqual(first.data);
    const ids = first.data.ads.map((ad) => ad.externalId);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^import:[0-9a-f]{16}$/);
    expect(new Set(first.data.adSets.map((adSet) => adSet.externalId)).size).toBe(2);
    expect(
      first.data.adSets.every((adSet) => adSet.campaignExternalId === first.data.campaigns[0]?.externalId),
    ).toBe(true);
    expect(first.data.insights.map((insight) => insight.adExternalId)).toEqual(ids);

    const otherAccount = await csv(lines.map((line) => line.replace('Acme Store', 'Other Store')));
    expect(otherAccount.data.account.externalId).not.toBe(first.data.account.externalId);
    expect(otherAccount.data.ads.map((ad) => ad.externalId)).not.toContain(ids[0]);
  });

  it('names missing campaigns and ad sets Unknown', async () => {
    const parsed = await csv(['Ad name,Day,Amount spent (USD)', 'Hook A,2026-03-01,10']);
    expect(parsed.data.campaigns.map((campaign) => campaign.name)).toEqual(['Unknown campaign']);
    expect(parsed.data.adSets.map((adSet) => adSet.name)).toEqual(['Unknown ad set']);
    expect(parsed.currency).toBe('USD');
  });

  it('sums rows of the same ad and day (an export split by placement)', async () => {
    const parsed = await csv([
      'Ad name,Ad ID,Day,Placement,Amount spent (USD),Impressions,Video plays,Video average play time,Purchases,Landing page views',
      'Hook A,333,2026-03-01,Feed,0.1,1000,100,4,1,10',
      'Hook A,333,2026-03-01,Reels,0.2,3000,300,8,2,30',
      'Hook A,333,2026-03-02,Feed,5,500,50,5,0,5',
    ]);

    expect(parsed.rowsRead).toBe(3);
    expect(parsed.imported).toBe(3);
    expect(parsed.data.ads).toHaveLength(1);
    expect(parsed.data.insights).toHaveLength(2);
    expect(insightOf(parsed, 'Hook A', '2026-03-01')).toMatchObject({
      spend: 0.3,
      impressions: 4000,
      plays: 400,
      // Weighted by plays: (4 × 100 + 8 × 300) / 400.
      avgWatchTimeSeconds: 7,
      conversions: 3,
      otherActions: { landing_page_view: 40 },
    });
    expect(insightOf(parsed, 'Hook A', '2026-03-02')).toMatchObject({ spend: 5, impressions: 500 });
  });

  it('skips bad rows with their spreadsheet line and reason, and the totals row', async () => {
    const parsed = await csv([
      'Campaign name,Ad name,Day,Amount spent (USD),Impressions',
      ',,2026-03-01,60,6000',
      'Spring,Hook A,2026-03-01,10,1000',
      'Spring,Hook B,2026-03-01,20,lots',
      '',
      'Spring,,2026-03-01,30,3000',
      'Spring,Hook C,,40,4000',
      'Spring,Hook D,2026-02-30,50,5000',
      'Spring,Hook E,2026-03-01,60,6000',
    ]);

    expect(parsed.skipped).toEqual([
      { line: 2, reason: 'Totals row, not an ad' },
      { line: 4, reason: '"Impressions" is not a number: "lots"' },
      { line: 6, reason: 'No ad name' },
      { line: 7, reason: 'No date' },
      { line: 8, reason: 'Unreadable date: "2026-02-30"' },
    ]);
    expect(parsed.rowsRead).toBe(7);
    expect(parsed.imported).toBe(2);
    expect(parsed.data.ads.map((ad) => ad.name)).toEqual(['Hook A', 'Hook E']);
  });

  it('derives the conversion value from ROAS × spend when the export has ROAS but no value', async () => {
    const parsed = await csv([
      'Ad name,Day,Amount spent (USD),Purchase ROAS (return on ad spend),Results,Result indicator',
      'Hook A,2026-03-01,40,2.5,3,actions:offsite_conversion.fb_pixel_purchase',
      'Hook B,2026-03-01,10,0,7,actions:lead',
    ]);

    expect(insightOf(parsed, 'Hook A', '2026-03-01')).toMatchObject({
      spend: 40,
      conversionValue: 100,
      conversions: 3,
    });
    expect(insightOf(parsed, 'Hook B', '2026-03-01')).toMatchObject({ conversionValue: 0, conversions: 0 });
  });
});

describe('parseAdsExport: XLSX', () => {
  async function xlsx(rows: unknown[][]): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Raw Data Report');
    for (const row of rows) sheet.addRow(row);
    sheet.getColumn(3).numFmt = 'yyyy-mm-dd';
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it('reads a workbook with real date cells, numeric cells and its currency', async () => {
    const bytes = await xlsx([
      ['Campaign name', 'Ad name', 'Day', 'Amount spent (CAD)', 'Impressions', 'Video plays', 'Ad delivery'],
      ['Spring', 'Hook X', new Date(Date.UTC(2026, 2, 1)), 12.34, 1500, 120, 'archived'],
      ['Spring', 'Hook X', new Date(Date.UTC(2026, 2, 2)), 7, 800, 60, 'archived'],
      ['Spring', 'Hook Y', '3/2/2026', '1,000.5', '2,000', 0, 'deleted'],
      ['Spring', 'Hook Y', new Date(Date.UTC(2026, 2, 3)), 'n/a?', 1, 0, 'deleted'],
    ]);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));

    const parsed = await parseAdsExport({ bytes, fileName: 'export.xlsx' });

    expect(parsed.currency).toBe('CAD');
    expect(parsed.rowsRead).toBe(4);
    expect(parsed.skipped).toEqual([{ line: 5, reason: '"Amount spent (CAD)" is not a number: "n/a?"' }]);
    expect(parsed.data.insights.map((insight) => insight.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-02',
    ]);
    expect(insightOf(parsed, 'Hook X', '2026-03-01')).toMatchObject({
      spend: 12.34,
      impressions: 1500,
      plays: 120,
    });
    expect(insightOf(parsed, 'Hook Y', '2026-03-02')).toMatchObject({ spend: 1000.5, impressions: 2000 });
    expect(parsed.data.ads.map((ad) => [ad.name, ad.fileType, ad.effectiveStatus])).toEqual([
      ['Hook X', 'VIDEO', 'ARCHIVED'],
      ['Hook Y', 'STATIC', 'DELETED'],
    ]);
  });

  /** A zip of uncompressed entries, in the order given. */
  function storedZip(entries: [string, string][]): Buffer {
    const parts: Buffer[] = [];
    const directory: Buffer[] = [];
    let offset = 0;
    for (const [name, text] of entries) {
      const data = Buffer.from(text);
      const nameBytes = Buffer.from(name);
      const crc = zlib.crc32(data);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(nameBytes.length, 26);
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(data.length, 20);
      central.writeUInt32LE(data.length, 24);
      central.writeUInt16LE(nameBytes.length, 28);
      central.writeUInt32LE(offset, 42);
      parts.push(local, nameBytes, data);
      directory.push(central, nameBytes);
      offset += local.length + nameBytes.length + data.length;
    }
    const centralBytes = Buffer.concat(directory);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(centralBytes.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...parts, centralBytes, end]);
  }

  it('reads a workbook whose worksheet comes before xl/workbook.xml, with dates as serial numbers', async () => {
    // exceljs's streaming reader fails on this part order (exceljs issue #3064); the parser
    // then reads the file whole. No styles part, so the date is a plain Excel serial number.
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
    const bytes = storedZip([
      [
        '[Content_Types].xml',
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ],
      [
        'xl/_rels/workbook.xml.rels',
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${relationships}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ],
      [
        'xl/sharedStrings.xml',
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${main}" count="3" uniqueCount="3"><si><t>Ad name</t></si><si><t>Day</t></si><si><t>Hook Z</t></si></sst>`,
      ],
      [
        'xl/worksheets/sheet1.xml',
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>Amount spent (AUD)</t></is></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>46082</v></c><c r="C2"><v>9.5</v></c></row></sheetData></worksheet>`,
      ],
      [
        'xl/workbook.xml',
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${relationships}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
      [
        '_rels/.rels',
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    ]);

    const parsed = await parseAdsExport({ bytes, fileName: 'other-tool.xlsx' });

    expect(parsed.currency).toBe('AUD');
    expect(parsed.skipped).toEqual([]);
    expect(parsed.data.insights).toEqual([
      expect.objectContaining({
        date: '2026-03-01',
        spend: 9.5,
        adExternalId: parsed.data.ads[0]?.externalId,
      }),
    ]);
    expect(parsed.data.ads.map((ad) => ad.name)).toEqual(['Hook Z']);
  });

  it('rejects a weekly workbook and a workbook without an Ad name column', async () => {
    const weekly = await xlsx([
      ['Ad name', 'Reporting starts', 'Reporting ends', 'Amount spent (USD)'],
      ['Hook X', new Date(Date.UTC(2026, 2, 1)), new Date(Date.UTC(2026, 2, 7)), 10],
    ]);
    expect((await rejection(parseAdsExport({ bytes: weekly, fileName: 'weekly.xlsx' }))).message).toBe(
      'This export is not daily. In Ads Manager choose Breakdown > By time > Day and export again.',
    );

    const noAdName = await xlsx([
      ['Campaign name', 'Day', 'Amount spent (USD)'],
      ['Spring', new Date(Date.UTC(2026, 2, 1)), 10],
    ]);
    expect((await rejection(parseAdsExport({ bytes: noAdName, fileName: 'campaigns.xlsx' }))).message).toBe(
      'This export has no "Ad name" column',
    );
  });
});
