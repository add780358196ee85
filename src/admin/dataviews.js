/**
 * Entry of build/dataviews.js: `@wordpress/dataviews` (its `/wp` build, about 2 MB with the components it brings)
 * once, as the script `recruiting-reports-dataviews`, on `window.recruitingReportsDataViews`. The Applications
 * and Settings pages import `@wordpress/dataviews/wp` as usual; webpack.config.js maps that import to this
 * script, so both pages share one download (and the browser's cache) instead of bundling a copy each.
 */
// The alias (webpack.config.js) names the same file as `@wordpress/dataviews/wp` under a name that is not
// mapped to this script, so the bundle is built here rather than referred to.
// eslint-disable-next-line import/no-unresolved
import * as dataviews from 'rr-dataviews-bundle';

window.recruitingReportsDataViews = dataviews;
