// Issue 44: the README's figures for the embedded catalog (offers per provider, the newest and
// oldest observation of each, the share observed 2026-06 or later) are the catalog's own. The
// block between the catalog-figures markers is regenerated here from the built catalog; when it
// differs, the expected block is written to the artifacts folder to copy into the README.

#include "db/SeedCatalog.h"

#include "db/CatalogFile.h"

#include <QDir>
#include <QFile>
#include <QLocale>

#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

const QString kBegin = QStringLiteral("<!-- catalog-figures begin");
const QString kEnd = QStringLiteral("<!-- catalog-figures end -->");

QString number(qint64 n)
{
    return QLocale(QLocale::English).toString(n);
}

QString expectedBlock(db::Database &db)
{
    QString out = QStringLiteral("| provider | offers | newest price observed | oldest price observed |\n"
                                 "|---|---:|---|---|\n");
    auto rows = db.prepare(QStringLiteral(
        "SELECT p.id, count(o.id), max(substr(o.fetched_at, 1, 10)), min(substr(o.fetched_at, 1, 10)) FROM providers p "
        "LEFT JOIN instance_types it ON it.provider_id = p.id LEFT JOIN offers o ON o.instance_type_id = it.id "
        "AND o.unavailable_since IS NULL WHERE p.kind <> 'custom' GROUP BY p.id ORDER BY p.id"));
    EXPECT_TRUE(rows.ok());
    int providers = 0;
    while (rows.ok() && rows.value().step()) {
        const auto &s = rows.value();
        ++providers;
        const bool none = s.integer(1) == 0;
        out += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                   .arg(s.text(0), number(s.integer(1)), none ? QStringLiteral("-") : s.text(2),
                        none ? QStringLiteral("-") : s.text(3));
    }
    const qint64 all = db.scalar(QStringLiteral("SELECT count(*) FROM offers WHERE unavailable_since IS NULL")).value();
    const qint64 recent = db.scalar(QStringLiteral(
        "SELECT count(*) FROM offers WHERE unavailable_since IS NULL AND substr(fetched_at, 1, 7) >= '2026-06'")).value();
    out += QStringLiteral("| all %1 providers | %2 | | |\n\n").arg(providers).arg(number(all));
    out += QStringLiteral("Offers whose price was observed 2026-06 or later: %1 of %2 (%3 %).\n")
               .arg(number(recent), number(all), QString::number(100.0 * double(recent) / double(all), 'f', 1));
    return out;
}

} // namespace

TEST(ReadmeFigures, TheEmbeddedCatalogsFiguresAreTheCatalogsOwn)
{
    auto opened = db::openCatalogFile(tests::seedCatalogPath(), db::OpenMode::ReadOnly);
    ASSERT_TRUE(opened.ok()) << opened.errorMessage().toStdString();
    const QString expected = expectedBlock(*opened.value());

    QFile readme(QStringLiteral(GPUPLANNER_SOURCE_DIR "/README.md"));
    ASSERT_TRUE(readme.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(readme.readAll());
    const qsizetype begin = text.indexOf(kBegin);
    const qsizetype end = text.indexOf(kEnd);
    ASSERT_GE(begin, 0) << "README.md has no catalog-figures block";
    ASSERT_GT(end, begin);
    const qsizetype bodyStart = text.indexOf(u'\n', begin) + 1;
    const QString actual = text.mid(bodyStart, end - bodyStart);
    if (actual != expected) {
        QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR));
        QFile out(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/readme-catalog-figures.md"));
        if (out.open(QIODevice::WriteOnly))
            out.write(expected.toUtf8());
        ADD_FAILURE() << "README.md's catalog figures differ from the embedded catalog; the catalog's are in "
                      << out.fileName().toStdString() << ":\n" << expected.toStdString();
    }
}
