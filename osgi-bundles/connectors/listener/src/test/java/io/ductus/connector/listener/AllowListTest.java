package io.ductus.connector.listener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class AllowListTest {

    private final Map<String, InetAddress[]> dns = new ConcurrentHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private int lookups;

    private InetAddress[] lookup(String name) {
        lookups++;
        return dns.getOrDefault(name, new InetAddress[0]);
    }

    @Test
    void addressesAndSubnetsOfBothFamiliesAreAllowedAndOthersRefused() throws Exception {
        AllowList list = AllowList.of(List.of("192.0.2.7", "10.20.0.0/16", "fd00::/8", "2001:db8::1"), this::lookup, warnings::add).start();
        assertThat(list.allows(InetAddress.getByName("192.0.2.7"))).isTrue();
        assertThat(list.allows(InetAddress.getByName("10.20.255.1"))).isTrue();
        assertThat(list.allows(InetAddress.getByName("10.21.0.1"))).isFalse();
        assertThat(list.allows(InetAddress.getByName("fd12::5"))).isTrue();
        assertThat(list.allows(InetAddress.getByName("2001:db8::1"))).isTrue();
        assertThat(list.allows(InetAddress.getByName("2001:db8::2"))).isFalse();
        assertThat(list.refuse(new InetSocketAddress("10.21.0.1", 4000), null)).hasValueSatisfying(r -> {
            assertThat(r.kind()).isEqualTo("allow");
            assertThat(r.reason()).contains("not on the allow list");
        });
        assertThat(lookups).as("no names, no lookups").isZero();
    }

    @Test
    void hostNamesAreLookedUpAtStartNotPerConnectionAndAFailedLookupKeepsTheAddresses() throws Exception {
        dns.put("lab-gw.example.org", new InetAddress[] {InetAddress.getByName("198.51.100.9")});
        AllowList list = AllowList.of(List.of("lab-gw.example.org"), this::lookup, warnings::add);
        assertThat(list.allows(InetAddress.getByName("198.51.100.9"))).as("not looked up before start").isFalse();
        list.start();
        for (int i = 0; i < 100; i++) assertThat(list.allows(InetAddress.getByName("198.51.100.9"))).isTrue();
        assertThat(lookups).isEqualTo(1);

        dns.remove("lab-gw.example.org"); // the DNS server is down for a while
        list.lookUpNames();
        assertThat(list.allows(InetAddress.getByName("198.51.100.9"))).isTrue();
        assertThat(warnings).singleElement().asString().contains("does not resolve now").contains("stay allowed");

        dns.put("lab-gw.example.org", new InetAddress[] {InetAddress.getByName("198.51.100.10")}); // moved
        list.lookUpNames();
        assertThat(list.allows(InetAddress.getByName("198.51.100.10"))).isTrue();
        assertThat(list.allows(InetAddress.getByName("198.51.100.9"))).isFalse();
        list.close();
    }

    @Test
    void theLookupsThreadRunsWhileAListWithNamesIsStartedAndEndsWithTheLast() throws Exception {
        dns.put("lab-gw.example.org", new InetAddress[] {InetAddress.getByName("198.51.100.9")});
        AllowList addressesOnly = AllowList.of(List.of("192.0.2.7"), this::lookup, warnings::add).start();
        assertThat(AllowList.looksUp()).as("no names, no thread").isFalse();
        AllowList first = AllowList.of(List.of("lab-gw.example.org"), this::lookup, warnings::add).start();
        AllowList second = AllowList.of(List.of("lab-gw.example.org"), this::lookup, warnings::add).start();
        assertThat(AllowList.looksUp()).isTrue();
        first.close();
        first.close(); // twice changes nothing
        assertThat(AllowList.looksUp()).as("the second list still looks up").isTrue();
        second.close();
        addressesOnly.close();
        assertThat(AllowList.looksUp()).as("the last one gone, the thread goes: nothing outlives the bundle").isFalse();
    }

    @Test
    void entriesThatAreNoAddressSubnetOrNameAreRefusedNamingThem() {
        assertThatThrownBy(() -> AllowList.of(List.of("10.0.0.0/40"), this::lookup, warnings::add)).hasMessageContaining("'10.0.0.0/40'");
        assertThatThrownBy(() -> AllowList.of(List.of("lab gw"), this::lookup, warnings::add)).hasMessageContaining("'lab gw'");
        assertThatThrownBy(() -> AllowList.of(List.of(), this::lookup, warnings::add)).hasMessageContaining("empty");
    }
}
