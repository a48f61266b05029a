// gpuplanner-seedgen: builds the default catalog that ships inside the application
// from resources/catalog (run by the build; not installed).

#include "db/seed/CatalogWriter.h"

#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    QTextStream err(stderr);
    if (args.size() != 3) {
        err << "usage: gpuplanner-seedgen SEED_DIR OUTPUT.sqlite\n";
        return 1;
    }
    if (auto s = gpuplanner::db::buildSeedCatalog(args.at(1), args.at(2)); !s) {
        err << "gpuplanner-seedgen: " << s.errorMessage() << '\n';
        return 2;
    }
    return 0;
}
