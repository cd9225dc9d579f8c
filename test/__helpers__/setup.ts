/**
 * Every test runs with the rule functions' safety net off: a bug of ours throws (and fails the test)
 * instead of becoming the "rule could not check this document" finding users get.
 */
process.env.SPECTRAL_API_CONVENTIONS_THROW = '1';
