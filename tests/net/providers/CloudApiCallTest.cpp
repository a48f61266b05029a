// The Chinese clouds' error codes become messages that name the provider and say what to do.

#include "net/providers/CloudApiCall.h"

#include <gtest/gtest.h>

using namespace gpuplanner::net;

TEST(CloudApiErrors, EachCloudsCodesAreClassified)
{
    EXPECT_EQ(classifyCloudError({QStringLiteral("AuthFailure.SignatureFailure"), {}, 200}), CloudErrorKind::Signature);
    EXPECT_EQ(classifyCloudError({QStringLiteral("SignatureDoesNotMatch"), {}, 400}), CloudErrorKind::Signature);
    EXPECT_EQ(classifyCloudError({QStringLiteral("APIGW.0301"),
                                  QStringLiteral("Incorrect IAM authentication information: verify aksk signature fail"), 401}),
              CloudErrorKind::Signature);
    EXPECT_EQ(classifyCloudError({QStringLiteral("APIGW.0301"), QStringLiteral("Incorrect IAM authentication information: ak x not exist"), 401}),
              CloudErrorKind::UnknownKey);
    EXPECT_EQ(classifyCloudError({QStringLiteral("AuthFailure.SecretIdNotFound"), {}, 200}), CloudErrorKind::UnknownKey);
    EXPECT_EQ(classifyCloudError({QStringLiteral("InvalidAccessKeyId.NotFound"), {}, 404}), CloudErrorKind::UnknownKey);
    EXPECT_EQ(classifyCloudError({QStringLiteral("AuthFailure.SignatureExpire"), {}, 200}), CloudErrorKind::Clock);
    EXPECT_EQ(classifyCloudError({QStringLiteral("InvalidTimeStamp.Expired"), {}, 400}), CloudErrorKind::Clock);
    EXPECT_EQ(classifyCloudError({QStringLiteral("RequestLimitExceeded"), {}, 200}), CloudErrorKind::Throttling);
    EXPECT_EQ(classifyCloudError({QStringLiteral("Throttling.User"), {}, 400}), CloudErrorKind::Throttling);
    EXPECT_EQ(classifyCloudError({QStringLiteral("APIGW.0308"), {}, 429}), CloudErrorKind::Throttling);
    EXPECT_EQ(classifyCloudError({QStringLiteral("InvalidInstanceType.ValueNotSupported"), {}, 400}),
              CloudErrorKind::NotSoldHere);
    EXPECT_EQ(classifyCloudError({QStringLiteral("UnauthorizedOperation"), {}, 200}), CloudErrorKind::Permission);
    EXPECT_EQ(classifyCloudError({QStringLiteral("InternalError"), {}, 500}), CloudErrorKind::Other);
}

TEST(CloudApiErrors, TheMessageNamesProviderActionCodeAndWhatToDo)
{
    CloudApi api;
    api.provider = QStringLiteral("Tencent Cloud");
    api.credentials = QStringLiteral("GPUPLANNER_TENCENT_SECRET_ID and GPUPLANNER_TENCENT_SECRET_KEY");
    const QString m = cloudApiError(api, QStringLiteral("DescribeRegions"),
                                    {QStringLiteral("AuthFailure.SignatureExpire"), QStringLiteral("Signature expired."), 200})
                          .message;
    EXPECT_TRUE(m.startsWith(QStringLiteral("Tencent Cloud DescribeRegions: AuthFailure.SignatureExpire"))) << m.toStdString();
    EXPECT_TRUE(m.contains(QStringLiteral("clock"))) << m.toStdString();
    const QString s = cloudApiError(api, QStringLiteral("DescribeRegions"),
                                    {QStringLiteral("AuthFailure.SignatureFailure"), QString(), 200})
                          .message;
    EXPECT_TRUE(s.contains(QStringLiteral("GPUPLANNER_TENCENT_SECRET_KEY"))) << s.toStdString();
    EXPECT_FALSE(s.contains(QStringLiteral("HTTP"))) << "Tencent's errors come with 200";
}
