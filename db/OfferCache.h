#pragma once
// OfferCache: a copy of a catalog's whole-catalog offer read (every offer still listed, flagged
// ones included, by price: what the planner and the desktop read at start) in a file beside the
// catalog, so a new process reads it at memory speed instead of running the SELECT, converting
// every text and sorting every offer again. At ten times today's catalog that read is most of a
// cold `plan`.
//
// It is only ever a copy: it is used when the key it was written under is the catalog's key now
// (the catalog's revision token, which every change to what the read returns replaces: migration
// 008), the reading program's (cache format, query, Offer layout) and its body checksum holds.
// Anything else (missing, damaged, older, another catalog's, unwritable folder) reads the catalog
// instead, so a stale or broken copy can cost time but never a price.

#include "core/catalog/Offer.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace gpuplanner::db {

class Database;

// The file the copy of the catalog at catalogPath lives in ("<catalog>.offers-cache").
QString offerCachePath(const QString &catalogPath);

// The key a copy is valid under: the catalog's revision token and this program's reading of
// offers. Empty when the catalog has no revision (an older schema opened without migrating).
QByteArray offerCacheKey(Database &db);

// The offers written under key, or nothing (no file, another key, damaged).
std::optional<QList<core::Offer>> readOfferCache(const QString &file, const QByteArray &key);

// Writes offers under key, atomically (a reader sees the old file or the new one); false when
// it cannot (the folder is read-only, the disk is full): the caller goes on without a copy.
bool writeOfferCache(const QString &file, const QByteArray &key, const QList<core::Offer> &offers);

} // namespace gpuplanner::db
