// The providers' own signing examples, every stage compared: Alibaba RPC v1 (the worked
// example of the "Request signature" document, GET, and its POST form), Alibaba V3
// ACS3-HMAC-SHA256 (document 2593177), Tencent TC3-HMAC-SHA256 (document 1427/56189, GET and
// POST) and Huawei SDK-HMAC-SHA256 (huaweicloud-sdk-go-v3 core/auth/signer/signer_test.go).
#include "net/sign/AliyunSigner.h"
#include "net/sign/HuaweiSigner.h"
#include "net/sign/Tc3Signer.h"

#include <gtest/gtest.h>

using namespace gpuplanner::net::sign;

namespace {

QList<Pair> aliyunRpcExampleParams()
{
    return {{"Timestamp", "2016-02-23T12:46:24Z"},
            {"Format", "XML"},
            {"AccessKeyId", "testid"},
            {"Action", "DescribeRegions"},
            {"SignatureMethod", "HMAC-SHA1"},
            {"SignatureNonce", "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf"},
            {"Version", "2014-05-26"},
            {"SignatureVersion", "1.0"}};
}

} // namespace

TEST(SignCommon, PercentEncodingFollowsRfc3986WithUpperCaseHex)
{
    EXPECT_EQ(percentEncode("a-Z_0.9~"), "a-Z_0.9~");
    EXPECT_EQ(percentEncode("a b+c*d/e:f"), "a%20b%2Bc%2Ad%2Fe%3Af");
    EXPECT_EQ(percentEncode("未命名"), "%E6%9C%AA%E5%91%BD%E5%90%8D");
}

TEST(AliyunRpcSign, OfficialGetExample)
{
    const Signature s = aliyunRpcSign("GET", aliyunRpcExampleParams(), "testsecret");
    EXPECT_EQ(s.stringToSign,
              "GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1"
              "%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0%26Timestamp"
              "%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26");
    EXPECT_EQ(s.signature, "OLeaidS1JvxuMvnyHOwuJ+uX5qY=");
}

TEST(AliyunRpcSign, PostForm)
{
    EXPECT_EQ(aliyunRpcSign("POST", aliyunRpcExampleParams(), "testsecret").signature, "MxbnVAM4w6sft9xjVpe/GCKueuk=");
}

TEST(AliyunAcs3Sign, DocumentExample)
{
    const Signature s = aliyunAcs3Sign("POST", "/",
                                       {{"RegionId", "cn-shanghai"},
                                        {"ImageId", "win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd"}},
                                       {{"host", "ecs.cn-shanghai.aliyuncs.com"},
                                        {"x-acs-action", "RunInstances"},
                                        {"x-acs-date", "2023-10-26T10:22:32Z"},
                                        {"x-acs-signature-nonce", "3156853299f313e23d1673dc12e1703d"},
                                        {"x-acs-version", "2014-05-26"}},
                                       QByteArray(), "YourAccessKeyId", "YourAccessKeySecret");
    EXPECT_EQ(s.canonicalRequest,
              "POST\n/\nImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai\n"
              "host:ecs.cn-shanghai.aliyuncs.com\nx-acs-action:RunInstances\n"
              "x-acs-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n"
              "x-acs-date:2023-10-26T10:22:32Z\nx-acs-signature-nonce:3156853299f313e23d1673dc12e1703d\n"
              "x-acs-version:2014-05-26\n\n"
              "host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version\n"
              "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(s.stringToSign, "ACS3-HMAC-SHA256\n7ea06492da5221eba5297e897ce16e55f964061054b7695beedaac1145b1e259");
    EXPECT_EQ(s.signature, "06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0");
    EXPECT_EQ(s.authorization,
              "ACS3-HMAC-SHA256 Credential=YourAccessKeyId,SignedHeaders=host;x-acs-action;x-acs-content-sha256;"
              "x-acs-date;x-acs-signature-nonce;x-acs-version,"
              "Signature=06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0");
}

TEST(Tc3Sign, DocumentGetExample)
{
    Tc3Request r;
    r.method = "GET";
    r.service = "cvm";
    r.query = "Limit=10&Offset=0";
    r.signedHeaders = {{"Content-Type", "application/x-www-form-urlencoded"}, {"Host", "cvm.tencentcloudapi.com"}};
    r.timestamp = 1539084154;
    const Signature s = tc3Sign(r, "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE", "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE");
    EXPECT_EQ(s.canonicalRequest, "GET\n/\nLimit=10&Offset=0\ncontent-type:application/x-www-form-urlencoded\n"
                                  "host:cvm.tencentcloudapi.com\n\ncontent-type;host\n"
                                  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(s.stringToSign, "TC3-HMAC-SHA256\n1539084154\n2018-10-09/cvm/tc3_request\n"
                              "91c9c192c14460df6c1ffc69e34e6c5e90708de2a6d282cccf957dbf1aa7f3a7");
    EXPECT_EQ(s.signature, "5da7a33f6993f0614b047e5df4582db9e9bf4672ba50567dba16c6ccf174c474");
    EXPECT_EQ(s.authorization, "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2018-10-09/cvm/"
                               "tc3_request, SignedHeaders=content-type;host, "
                               "Signature=5da7a33f6993f0614b047e5df4582db9e9bf4672ba50567dba16c6ccf174c474");
}

TEST(Tc3Sign, DocumentPostExampleLowerCasesTheActionHeader)
{
    Tc3Request r;
    r.service = "cvm";
    r.signedHeaders = {{"Content-Type", "application/json; charset=utf-8"},
                       {"Host", "cvm.tencentcloudapi.com"},
                       {"X-TC-Action", "DescribeInstances"}};
    r.payload = R"({"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]})";
    r.timestamp = 1551113065;
    const Signature s = tc3Sign(r, "AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******", "Gu5t9xGARNpq86cd98joQYCN3*******");
    EXPECT_EQ(s.canonicalRequest, "POST\n/\n\ncontent-type:application/json; charset=utf-8\n"
                                  "host:cvm.tencentcloudapi.com\nx-tc-action:describeinstances\n\n"
                                  "content-type;host;x-tc-action\n"
                                  "35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064");
    EXPECT_EQ(s.stringToSign, "TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n"
                              "7019a55be8395899b900fb5564e4200d984910f34794a27cb3fb7d10ff6a1e84");
    EXPECT_EQ(s.signature, "be4f67d323c78ab9acb7395e43c0dbcf822a9cfac32fea2449a7bc7726b770a3");
}

TEST(HuaweiSdkSign, SdkGetExample)
{
    const Signature s = huaweiSdkSign("GET", "/path", {{"limit", "1"}}, {{"X-Sdk-Date", "20060102T150405Z"}}, QByteArray(),
                                      "AccessKey", "SecretKey");
    EXPECT_EQ(s.canonicalRequest, "GET\n/path/\nlimit=1\nx-sdk-date:20060102T150405Z\n\nx-sdk-date\n"
                                  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_TRUE(s.stringToSign.startsWith("SDK-HMAC-SHA256\n20060102T150405Z\n"));
    EXPECT_EQ(s.signature, "5a2ce64c865e0e6046321c6f3d5a77ba8413eeaf355c3166c03d58d02ac79624");
    EXPECT_EQ(s.authorization, "SDK-HMAC-SHA256 Access=AccessKey, SignedHeaders=x-sdk-date, "
                               "Signature=5a2ce64c865e0e6046321c6f3d5a77ba8413eeaf355c3166c03d58d02ac79624");
}

TEST(HuaweiSdkSign, SdkPostExampleSignsTheBodyAsSent)
{
    const Signature s = huaweiSdkSign("POST", "/path", {{"key", "value"}}, {{"X-Sdk-Date", "20060102T150405Z"}},
                                      "{\"Name\":\"test\",\"Id\":1}\n", "AccessKey", "SecretKey");
    EXPECT_EQ(s.signature, "cecc2af119b18ab70b4d094c0750f3b42c02f254903179a0fc2cc72fc9db4f59");
}

TEST(HuaweiSdkSign, PathSegmentsAreEncodedAndEndInASlash)
{
    const Signature s = huaweiSdkSign("GET", "/v1/abc/cloudservers/flavors", {}, {{"X-Sdk-Date", "20060102T150405Z"}},
                                      QByteArray(), "AccessKey", "SecretKey");
    EXPECT_TRUE(s.canonicalRequest.startsWith("GET\n/v1/abc/cloudservers/flavors/\n\n"));
}
