#include "core/import/CatalogSources.h"

#include "core/io/CsvReader.h"

#include <QDate>
#include <QDir>
#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace gpuplanner::core {

namespace {

bool isDate(const QString &text)
{
    return text.size() == 10 && QDate::fromString(text, Qt::ISODate).isValid();
}

} // namespace

QString CatalogSource::offerSource() const
{
    return QStringLiteral("%1, observed %2 (%3)").arg(source, observedOn, catalogPath());
}

Result<QList<CatalogSource>> readCatalogSources(const QString &sourcesDir, const SeedMetadata &meta,
                                                const QStringList &knownFormats)
{
    const QDir dir(sourcesDir);
    const QString manifest = dir.filePath(QStringLiteral("sources.csv"));
    if (!QFileInfo::exists(manifest))
        return QList<CatalogSource>{};
    auto table = readCsvFile(manifest);
    if (!table)
        return table.error();
    const CsvTable &t = table.value();
    for (const char *column : {"file", "provider", "format", "observed_on", "effective_since", "licence", "source"}) {
        if (!t.hasColumn(QString::fromLatin1(column)))
            return Error{QStringLiteral("%1: missing column '%2'").arg(manifest, QLatin1String(column))};
    }
    QList<CatalogSource> sources;
    QSet<QString> files;
    for (const CsvRecord &r : t.records()) {
        CatalogSource s;
        s.file = t.field(r, QStringLiteral("file")).trimmed();
        s.provider = t.field(r, QStringLiteral("provider")).trimmed();
        s.format = t.field(r, QStringLiteral("format")).trimmed();
        s.observedOn = t.field(r, QStringLiteral("observed_on")).trimmed();
        s.effectiveSince = t.field(r, QStringLiteral("effective_since")).trimmed();
        s.licence = t.field(r, QStringLiteral("licence")).trimmed();
        s.source = t.field(r, QStringLiteral("source")).trimmed();
        s.line = r.line;
        const QString where = QStringLiteral("%1:%2").arg(manifest).arg(r.line);
        if (s.file.isEmpty() || s.file.contains(QStringLiteral("..")) || QDir::isAbsolutePath(s.file))
            return Error{QStringLiteral("%1: file '%2' must be a path under %3").arg(where, s.file, sourcesDir)};
        if (!QFileInfo(dir.filePath(s.file)).isFile())
            return Error{QStringLiteral("%1: file '%2' does not exist").arg(where, s.file)};
        if (files.contains(s.file))
            return Error{QStringLiteral("%1: file '%2' is listed twice").arg(where, s.file)};
        files.insert(s.file);
        if (!meta.provider(s.provider))
            return Error{QStringLiteral("%1: provider '%2' is not in providers.csv").arg(where, s.provider)};
        if (!knownFormats.contains(s.format))
            return Error{QStringLiteral("%1: format '%2' is not one of %3").arg(where, s.format,
                                                                               knownFormats.join(QStringLiteral(", ")))};
        if (!isDate(s.observedOn))
            return Error{QStringLiteral("%1: observed_on '%2' is not a date (YYYY-MM-DD)").arg(where, s.observedOn)};
        if (!s.effectiveSince.isEmpty() && !isDate(s.effectiveSince))
            return Error{QStringLiteral("%1: effective_since '%2' is not a date (YYYY-MM-DD)").arg(where, s.effectiveSince)};
        if (!s.effectiveSince.isEmpty() && s.effectiveSince > s.observedOn)
            return Error{QStringLiteral("%1: effective_since %2 is after observed_on %3").arg(where, s.effectiveSince,
                                                                                          s.observedOn)};
        if (s.licence.isEmpty() || s.source.isEmpty())
            return Error{QStringLiteral("%1: licence and source must be given").arg(where)};
        sources.append(s);
    }
    std::stable_sort(sources.begin(), sources.end(), [](const CatalogSource &a, const CatalogSource &b) {
        return a.observedOn != b.observedOn ? a.observedOn < b.observedOn : a.file < b.file;
    });
    return sources;
}

void stampSource(ImportBatch &batch, const CatalogSource &source)
{
    batch.fetchedAt = source.observedOn;
    batch.effectiveDate = source.effectiveDate();
    for (ImportedOffer &o : batch.offers) {
        o.sourceFile = source.catalogPath();
        if (o.source.isEmpty())
            o.source = source.offerSource();
    }
    for (ImportExclusion &e : batch.exclusions) {
        if (e.file.isEmpty())
            e.file = source.catalogPath();
    }
    for (ImportFileStats &f : batch.files) {
        if (f.file.isEmpty())
            f.file = source.catalogPath();
    }
}

} // namespace gpuplanner::core
