// gpuplanner-seedgen: builds the default catalog that ships inside the application
// from resources/catalog (run by the build; not installed). A build tool, it reads the
// AWS Spot Advisor feed with the net layer's parser and hands the figures to the db layer.

#include "db/seed/CatalogWriter.h"
#include "net/providers/AwsSpotAdvisor.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTextStream>

namespace {

// spot/aws-spot-advisor-<date>.json under the seed directory (see its SOURCE.md).
gpuplanner::core::Result<QList<gpuplanner::core::SpotInterruption>> readSpotAdvisor(const QString &seedDir)
{
    const QDir dir(QDir(seedDir).filePath(QStringLiteral("spot")));
    const QStringList files = dir.entryList({QStringLiteral("aws-spot-advisor-*.json")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        return QList<gpuplanner::core::SpotInterruption>{};
    const QString name = files.constLast();
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::ReadOnly))
        return gpuplanner::core::Error{QStringLiteral("%1: %2").arg(file.fileName(), file.errorString())};
    auto data = gpuplanner::net::parseAwsSpotAdvisor(file.readAll(), name);
    if (!data)
        return data.error();
    const QString date = name.mid(QStringLiteral("aws-spot-advisor-").size(), 10);
    return gpuplanner::net::spotInterruptions(
        data.value(), QStringLiteral("AWS Spot Instance Advisor feed of %1 (embedded copy)").arg(date));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    QTextStream err(stderr);
    if (args.size() != 3) {
        err << "usage: gpuplanner-seedgen SEED_DIR OUTPUT.sqlite\n";
        return 1;
    }
    auto interruptions = readSpotAdvisor(args.at(1));
    if (!interruptions) {
        err << "gpuplanner-seedgen: " << interruptions.errorMessage() << '\n';
        return 2;
    }
    if (auto s = gpuplanner::db::buildSeedCatalog(args.at(1), args.at(2), interruptions.value()); !s) {
        err << "gpuplanner-seedgen: " << s.errorMessage() << '\n';
        return 2;
    }
    return 0;
}
