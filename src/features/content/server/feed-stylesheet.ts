import { contentMessages } from '../messages.ts';

/** Where every feed points its `xml-stylesheet` processing instruction. */
export const feedStylesheetPath = '/feed.xsl';

/**
 * An XSLT 1.0 stylesheet that turns an RSS feed opened in a browser into a readable page: what a
 * feed is, its address to copy into a reader, and the latest posts as links. Feed readers ignore
 * it. Its text is fixed (messages, no visitor data), so it is served and cached as it is.
 */
export const feedStylesheet = `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:atom="http://www.w3.org/2005/Atom">
<xsl:output method="html" encoding="UTF-8" indent="no"/>
<xsl:template match="/rss/channel">
<html lang="{language}">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title><xsl:value-of select="title"/> (${contentMessages.feedPageTitle})</title>
<style>
body{margin:0;background:#fbfaf7;color:#1f2328;font:1.05rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:44rem;margin:0 auto;padding:2rem 1.25rem 3rem}
h1{font:700 2rem/1.2 Georgia,"Times New Roman",serif;margin:.25rem 0 .5rem}
.feed-about{background:#fff;border:1px solid #e4e0d8;border-left:4px solid #b4532a;border-radius:8px;padding:.9rem 1.1rem;margin:1.25rem 0 2rem}
.feed-about p{margin:.25rem 0}
.feed-address{display:block;overflow-wrap:anywhere;background:#f3efe8;border-radius:6px;padding:.4rem .6rem;font:.95rem ui-monospace,Menlo,Consolas,monospace}
ol{list-style:none;margin:0;padding:0}
li{border-top:1px solid #e4e0d8;padding:1.1rem 0}
h2{font:700 1.35rem/1.25 Georgia,"Times New Roman",serif;margin:0 0 .3rem}
a{color:#8f3f1d}
.feed-date{color:#5f6368;font-size:.9rem;margin:0}
.feed-summary{margin:.35rem 0 0}
</style>
</head>
<body>
<main>
<p class="feed-date">${contentMessages.feedPageKicker}</p>
<h1><xsl:value-of select="title"/></h1>
<p><xsl:value-of select="description"/></p>
<section class="feed-about" aria-label="${contentMessages.feedPageAboutLabel}">
<p>${contentMessages.feedPageExplanation}</p>
<code class="feed-address"><xsl:value-of select="atom:link[@rel='self']/@href"/></code>
<p><a href="{link}">${contentMessages.feedPageVisit}</a></p>
</section>
<ol>
<xsl:for-each select="item">
<li>
<h2><a href="{link}"><xsl:value-of select="title"/></a></h2>
<p class="feed-date"><xsl:value-of select="substring(pubDate, 1, 16)"/></p>
<p class="feed-summary"><xsl:value-of select="description"/></p>
</li>
</xsl:for-each>
</ol>
</main>
</body>
</html>
</xsl:template>
</xsl:stylesheet>
`;
