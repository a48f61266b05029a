#include "db/OfferCache.h"

#include "db/Database.h"
#include "db/OfferRows.h"

#include "core/io/BoundedFile.h"
#include "core/io/SafeFileWriter.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <array>
#include <cstring>
#include <type_traits>

#include <sys/stat.h>

namespace gpuplanner::db {

using core::Offer;

namespace {

// Bump when the layout below changes. The key also carries the offer query's text and the
// Offer's size, so a changed query or a new field makes every older copy another key's.
constexpr quint32 kFormat = 2;
constexpr char kMagic[8] = {'G', 'P', 'O', 'F', 'F', 'C', '\0', '\1'};

// Every field of Offer is written below; one added there must be added here (the round-trip
// test compares each field), and this size, taken on a 64-bit build, says so at compile time.
static_assert(sizeof(void *) != 8 || sizeof(Offer) == 704,
              "Offer changed: write and read the new field in OfferCache, then update this size");

// FNV-1a over 64-bit words (and the tail's bytes): damage to the file, not tampering, is what
// it catches; a copy that fails it is not used.
quint64 checksum(const char *data, qsizetype size)
{
    quint64 h = 0xcbf29ce484222325ULL;
    qsizetype i = 0;
    for (; i + 8 <= size; i += 8) {
        quint64 word;
        std::memcpy(&word, data + i, 8);
        h = (h ^ word) * 0x100000001b3ULL;
    }
    for (; i < size; ++i)
        h = (h ^ quint8(data[i])) * 0x100000001b3ULL;
    return h;
}

class Writer
{
public:
    template <typename T> void put(T value)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        m_bytes.append(reinterpret_cast<const char *>(&value), sizeof value);
    }
    void put(const std::optional<double> &value)
    {
        put(quint8(value.has_value()));
        put(value.value_or(0.0));
    }
    void putText(const QString &text)
    {
        put(quint32(text.size()));
        m_bytes.append(reinterpret_cast<const char *>(text.constData()), text.size() * qsizetype(sizeof(QChar)));
    }
    QByteArray &bytes() { return m_bytes; }

private:
    QByteArray m_bytes;
};

class Reader
{
public:
    Reader(const char *data, qsizetype size) : m_at(data), m_end(data + size) {}
    template <typename T> bool get(T &value)
    {
        if (m_end - m_at < qsizetype(sizeof value))
            return false;
        std::memcpy(&value, m_at, sizeof value);
        m_at += sizeof value;
        return true;
    }
    bool get(std::optional<double> &value)
    {
        quint8 has = 0;
        double v = 0;
        if (!get(has) || !get(v) || has > 1)
            return false;
        value = has ? std::optional<double>(v) : std::nullopt;
        return true;
    }
    bool getText(QString &text)
    {
        quint32 size = 0;
        if (!get(size) || quint64(m_end - m_at) < quint64(size) * sizeof(QChar))
            return false;
        // A non-null pointer, so an empty text stays empty rather than null.
        text = QString(reinterpret_cast<const QChar *>(m_at), qsizetype(size));
        m_at += qsizetype(size) * qsizetype(sizeof(QChar));
        return true;
    }
    bool atEnd() const { return m_at == m_end; }

private:
    const char *m_at;
    const char *m_end;
};

// Texts are written once each and referred to by number: 0 is the null text.
class TextTable
{
public:
    // A text the offers hold (alive while the copy is written): offers share their texts' data
    // (TextPool), so most lookups end at the pointer.
    quint32 index(const QString &text)
    {
        if (text.isNull())
            return 0;
        if (const auto it = m_byData.constFind(text.constData()); it != m_byData.cend())
            return it.value();
        const quint32 i = indexOfTemporary(text);
        m_byData.insert(text.constData(), i);
        return i;
    }
    // A text made for the write (its memory is reused after it): looked up by its content only.
    quint32 indexOfTemporary(const QString &text)
    {
        if (text.isNull())
            return 0;
        auto it = m_byText.constFind(text);
        if (it == m_byText.cend()) {
            it = m_byText.insert(text, quint32(m_texts.size() + 1));
            m_texts.append(text);
        }
        return it.value();
    }
    const QList<QString> &texts() const { return m_texts; }

private:
    QHash<const QChar *, quint32> m_byData;
    QHash<QString, quint32> m_byText;
    QList<QString> m_texts;
};

// The offer's texts, in the order they are written.
template <typename O> auto offerTexts(O &o)
{
    return std::array{&o.provider,   &o.providerName,   &o.instanceType,     &o.region,
                      &o.regionName, &o.regionNameZh,   &o.geography,        &o.gpu,
                      &o.interconnect, &o.upfront,      &o.offeringClass,    &o.currency,
                      &o.source,     &o.effectiveDate,  &o.unavailableSince, &o.interruptionBucket,
                      &o.interruptionSource, &o.observedOn, &o.sourceFile};
}

// The offer's optional figures, in the order they are written.
template <typename O> auto offerOptionals(O &o)
{
    return std::array{&o.listedGpuMemoryGib, &o.vcpus,           &o.memoryGib,        &o.networkGbps,
                      &o.medianPricePerHour, &o.upfrontFee,      &o.recurringPerHour, &o.minDurationHours,
                      &o.maxDurationHours,   &o.interruptionRateMonthly};
}

void writeOffer(Writer &w, TextTable &texts, const Offer &o)
{
    w.put(o.id);
    for (const QString *text : offerTexts(o))
        w.put(texts.index(*text));
    w.put(texts.indexOfTemporary(o.suspectReasons.isEmpty() ? QString() : o.suspectReasons.join(QChar(0x1f))));
    for (const std::optional<double> *figure : offerOptionals(o))
        w.put(*figure);
    w.put(o.gpuCount);
    w.put(o.gpuMemoryGib);
    w.put(o.pricePerHour);
    w.put(o.pricePerHourUsd);
    w.put(qint32(o.termMonths));
    w.put(quint8(o.rdma));
    w.put(quint8(o.billing));
    w.put(quint8(o.priceBasis));
}

bool readOffer(Reader &r, const QList<QString> &texts, Offer &o)
{
    const auto text = [&](QString &into) {
        quint32 i = 0;
        if (!r.get(i) || i > quint32(texts.size()))
            return false;
        into = i == 0 ? QString() : texts.at(qsizetype(i) - 1);
        return true;
    };
    if (!r.get(o.id))
        return false;
    for (QString *field : offerTexts(o)) {
        if (!text(*field))
            return false;
    }
    QString reasons;
    if (!text(reasons))
        return false;
    if (!reasons.isNull())
        o.suspectReasons = reasons.split(QChar(0x1f));
    for (std::optional<double> *figure : offerOptionals(o)) {
        if (!r.get(*figure))
            return false;
    }
    qint32 term = 0;
    quint8 rdma = 0;
    quint8 billing = 0;
    quint8 basis = 0;
    if (!r.get(o.gpuCount) || !r.get(o.gpuMemoryGib) || !r.get(o.pricePerHour) || !r.get(o.pricePerHourUsd)
        || !r.get(term) || !r.get(rdma) || !r.get(billing) || !r.get(basis))
        return false;
    if (rdma > quint8(core::RdmaKind::RoCE) || billing > quint8(core::Billing::CapacityBlock)
        || basis > quint8(core::PriceBasis::Effective))
        return false;
    o.termMonths = term;
    o.rdma = core::RdmaKind(rdma);
    o.billing = core::Billing(billing);
    o.priceBasis = core::PriceBasis(basis);
    return true;
}

struct Header
{
    char magic[8];
    quint32 format;
    quint32 keySize;
    quint64 texts;
    quint64 offers;
    quint64 bodySize;
    quint64 bodyChecksum;
};

} // namespace

QString offerCachePath(const QString &catalogPath)
{
    return catalogPath + QStringLiteral(".offers-cache");
}

namespace {

// The tables whose change changes what the offer read returns; each carries three triggers that
// replace catalog_revision's token (migration 008).
const char *const kTokenTables[] = {"offers", "instance_types", "regions", "providers",
                                    "offer_flags", "spot_interruptions", "fx_rates"};

// What the catalog's schema says now: a table rebuilt by SQLite's 12-step ALTER procedure (or any
// change of a table, view, index or trigger) changes it.
QByteArray schemaFingerprint(Database &db)
{
    auto stmt = db.prepare(QStringLiteral("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master "
                                          "ORDER BY type, name"));
    if (!stmt)
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    while (stmt.value().step()) {
        for (int column = 0; column < 4; ++column) {
            hash.addData(stmt.value().text(column).toUtf8());
            hash.addData(QByteArrayView("\x1f", 1));
        }
    }
    return hash.result().toHex().left(32);
}

// Whether every change to a table the read joins still replaces the token: a table rebuilt
// without its triggers leaves changes the token never sees, and then no copy is trusted.
bool tokenTriggersComplete(Database &db)
{
    QStringList tables;
    for (const char *table : kTokenTables)
        tables.append(QStringLiteral("'%1'").arg(QLatin1String(table)));
    auto count = db.scalar(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' "
                                          "AND tbl_name IN (%1) AND sql LIKE '%catalog_revision%'")
                               .arg(tables.join(u',')));
    return count && count.value() >= qint64(std::size(kTokenTables)) * 3;
}

// Which file the catalog is: a catalog replaced by another file (a .dump reloaded, a copy moved
// over it) carries the token it was dumped with, but not the file's inode and birth time.
QString fileIdentity(const QString &path)
{
    struct stat st{};
    if (path.isEmpty() || ::stat(QFile::encodeName(path).constData(), &st) != 0)
        return {};
    const QDateTime born = QFileInfo(path).birthTime();
    return QStringLiteral("%1:%2:%3")
        .arg(quint64(st.st_dev))
        .arg(quint64(st.st_ino))
        .arg(born.isValid() ? born.toMSecsSinceEpoch() : qint64(st.st_ctim.tv_sec));
}

} // namespace

QByteArray offerCacheKey(Database &db)
{
    auto stmt = db.prepare(QStringLiteral("SELECT hex(token) FROM catalog_revision WHERE id = 1"));
    if (!stmt || !stmt.value().step())
        return {};
    const QString token = stmt.value().text(0);
    auto schema = db.userVersion();
    if (token.isEmpty() || !schema || !tokenTriggersComplete(db))
        return {};
    const QString identity = fileIdentity(db.path());
    if (identity.isEmpty())
        return {};
    const QByteArray query = QCryptographicHash::hash(offerSelect().toUtf8(), QCryptographicHash::Sha256).toHex();
    // The schema version and text too: a migration or a hand rebuild of a table the read joins
    // drops its triggers with it (the test OfferCacheTest.EveryTableTheReadJoinsReplacesTheToken
    // holds the latest schema to them).
    return QStringLiteral("%1|schema %6 %7|file %8|format %2|query %3|offer %4|%5")
        .arg(token)
        .arg(kFormat)
        .arg(QString::fromLatin1(query.left(16)))
        .arg(sizeof(Offer))
        .arg(QStringLiteral(GPUPLANNER_VERSION))
        .arg(schema.value())
        .arg(QString::fromLatin1(schemaFingerprint(db)), identity)
        .toUtf8();
}

std::optional<QList<Offer>> readOfferCache(const QString &file, const QByteArray &key)
{
    if (key.isEmpty())
        return std::nullopt;
    // Read into memory, never mapped: a copy rewritten in place under a mapping faults (SIGBUS), and
    // a FIFO or device at the path must not block or feed the read.
    auto bytes = core::readRegularFile(file, qint64(4) * 1024 * 1024 * 1024);
    if (!bytes || bytes->isEmpty())
        return std::nullopt;
    const qint64 size = bytes->size();
    const char *data = bytes->constData();
    Reader r(data, qsizetype(size));
    Header h{};
    if (!r.get(h) || std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || h.format != kFormat
        || h.keySize != quint32(key.size()) || size < qint64(sizeof h) + h.keySize
        || std::memcmp(data + sizeof h, key.constData(), std::size_t(key.size())) != 0)
        return std::nullopt;
    const qsizetype bodyAt = qsizetype(sizeof h) + key.size();
    if (quint64(size - bodyAt) != h.bodySize || checksum(data + bodyAt, qsizetype(h.bodySize)) != h.bodyChecksum)
        return std::nullopt;
    Reader body(data + bodyAt, qsizetype(h.bodySize));
    // Each text takes at least 4 bytes and each offer more than 100: counts beyond the body are damage.
    if (h.texts > h.bodySize / 4 || h.offers > h.bodySize / 100)
        return std::nullopt;
    QList<QString> texts;
    texts.reserve(qsizetype(h.texts));
    for (quint64 i = 0; i < h.texts; ++i) {
        if (!body.getText(texts.emplaceBack()))
            return std::nullopt;
    }
    QList<Offer> offers;
    offers.reserve(qsizetype(h.offers));
    for (quint64 i = 0; i < h.offers; ++i) {
        if (!readOffer(body, texts, offers.emplaceBack()))
            return std::nullopt;
    }
    if (!body.atEnd())
        return std::nullopt;
    return offers;
}

bool writeOfferCache(const QString &file, const QByteArray &key, const QList<Offer> &offers)
{
    if (key.isEmpty())
        return false;
    TextTable texts;
    Writer records;
    for (const Offer &o : offers)
        writeOffer(records, texts, o);
    Writer body;
    for (const QString &text : texts.texts())
        body.putText(text);
    body.bytes().append(records.bytes());
    records.bytes().clear();

    Header h{};
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.format = kFormat;
    h.keySize = quint32(key.size());
    h.texts = quint64(texts.texts().size());
    h.offers = quint64(offers.size());
    h.bodySize = quint64(body.bytes().size());
    h.bodyChecksum = checksum(body.bytes().constData(), body.bytes().size());

    core::SafeFileWriter out(file);
    const bool written = out.open() && out.write(QByteArrayView(reinterpret_cast<const char *>(&h), sizeof h))
                         && out.write(key) && out.write(body.bytes());
    return written && out.commit();
}

} // namespace gpuplanner::db
