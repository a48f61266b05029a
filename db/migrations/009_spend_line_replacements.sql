-- 009: a billing import replaces earlier lines one for one and deletes none of them. A line of an
-- earlier import that a later import carries again (the same identity, amounts and project
-- aside: a corrected, restated or re-delivered bill) keeps its row and is marked with the import
-- that replaced it; every read skips marked lines. Removing that import puts them back; ON
-- DELETE SET NULL does the same for any other way the import's row goes, so a line is never lost
-- with the import that replaced it. ADD COLUMN keeps the table as it is (no rebuild): a column
-- added with REFERENCES must default to NULL, which is what every line stored before this
-- version is: current.
ALTER TABLE spend_lines ADD COLUMN replaced_by INTEGER REFERENCES spend_imports(id) ON DELETE SET NULL;
-- Partial: a line is stored unreplaced, so the insert of each streamed line leaves this index
-- alone (007 keeps that insert cheap). It finds the lines one import replaced, for its report,
-- its removal and the foreign key's SET NULL when its row is deleted.
CREATE INDEX spend_lines_replaced_by ON spend_lines (replaced_by) WHERE replaced_by IS NOT NULL;
-- The provider's own charge type (CUR's lineItem/LineItemType, Azure's ChargeType, ...) is part of
-- what a line is: an AWS Savings Plan's covered-usage line and its negation agree on every other
-- identity column, and one must never replace the other. Lines stored before this version read
-- as '' and match each other as before.
ALTER TABLE spend_lines ADD COLUMN charge_detail TEXT NOT NULL DEFAULT '';
