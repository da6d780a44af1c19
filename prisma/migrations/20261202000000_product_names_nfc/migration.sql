-- Names are now stored in Unicode's composed form (NFC), as searches are made in it; names saved before in the
-- decomposed form ("e" plus a combining accent) are brought to it, so a search finds them too.
UPDATE products SET name = normalize(name, NFC) WHERE name IS NOT NFC NORMALIZED;
