-- A slot kept for this area's tables; replaced by them when they land.
SELECT 1;
